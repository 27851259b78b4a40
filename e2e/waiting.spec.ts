import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

/** The pending question of a run, as the inbox API lists it. */
async function pendingQuestion(request: import("@playwright/test").APIRequestContext, runId: string) {
  const body = (await (await request.get("/api/questions?status=pending")).json()) as {
    questions: { id: string; runId: string; prompt: string; origin: string }[];
  };
  const q = body.questions.find((x) => x.runId === runId);
  if (!q) throw new Error(`no pending question for ${runId}`);
  return q;
}

test("a clarify question takes an answer, not a verdict: no Approve/Reject, and the server refuses one", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, { goal: "help me" });
  await waitForRun(request, runId, "waiting");
  const q = await pendingQuestion(request, runId);
  expect(q.origin).toBe("clarify");

  await page.goto("/inbox");
  const card = page.locator(`[data-testid="question-card"][data-question-id="${q.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("approve")).toHaveCount(0);
  await expect(card.getByTestId("reject")).toHaveCount(0);
  await expect(card.getByTestId("gate-choice")).toHaveCount(0);
  await expect(card.getByTestId("answer-input")).toBeVisible();
  // The card says where the question comes from: the run's id and when it started.
  await expect(card.getByTestId("card-run")).toContainText(runId);
  await runPage.shot("inbox-clarify-card");

  const res = await request.post(`/api/questions/${encodeURIComponent(q.id)}/answer`, {
    data: { decision: "approve", by: "Vera Verdict" },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { code: string }).code).toBe("verdict_not_accepted");
  // Nothing was recorded: the question is still waiting and the goal untouched.
  expect((await pendingQuestion(request, runId)).id).toBe(q.id);
  const run = (await (await request.get(`/api/runs/${runId}`)).json()) as { run: { goal: string } };
  expect(run.run.goal).toBe("help me");
});

test("a waiting run calls for an answer: nav count, runs list, and a banner with an inline form", async ({
  page,
  request,
  runPage,
}) => {
  await page.goto("/");
  const count = page.getByTestId("nav-inbox-count");
  // What the nav shows against what the API says is pending (other tests' runs may be waiting too).
  const navMatchesApi = async () => {
    const shown = (await count.count()) > 0 ? Number(await count.textContent()) : 0;
    return shown === (await pendingCountOf(request));
  };
  const runId = await startRunViaApi(request, { goal: "help me with this" });
  await waitForRun(request, runId, "waiting");
  const q = await pendingQuestion(request, runId);
  // Live: the count (which now includes a question that did not exist at page load) and the row update without a reload.
  await expect.poll(navMatchesApi).toBe(true);
  await expect(count).toBeVisible();
  const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  await expect(row.getByTestId("run-waiting-for")).toContainText(q.prompt.slice(0, 40));
  await runPage.shot("runs-list-waiting");

  await page.goto(`/runs/${runId}`);
  const banner = page.getByTestId("waiting-banner");
  await expect(banner).toContainText(q.prompt.slice(0, 40));
  await runPage.shot("debugger-waiting-banner");
  await banner.getByTestId("answer-input").fill("Project X pricing across vendors");
  await banner.getByTestId("answer-submit").click();
  await expect(banner).toHaveCount(0);
  await runPage.waitForStatus("succeeded");
  await expect.poll(navMatchesApi).toBe(true);
});

async function pendingCountOf(request: import("@playwright/test").APIRequestContext) {
  const body = (await (await request.get("/api/questions?status=pending")).json()) as {
    questions: unknown[];
  };
  return body.questions.length;
}

test("two tabs answering the same question: the loser is told what the winning answer was", async ({
  browser,
  request,
}) => {
  const runId = await startRunViaApi(request, { goal: "help me please" });
  await waitForRun(request, runId, "waiting");
  const q = await pendingQuestion(request, runId);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/inbox");
  const card = page.locator(`[data-testid="question-card"][data-question-id="${q.id}"]`);
  await card.getByTestId("answer-input").fill("Loomwork pricing");
  // Another tab answers first.
  const first = await request.post(`/api/questions/${encodeURIComponent(q.id)}/answer`, {
    data: { answer: "Relaywright adoption in Europe" },
  });
  expect(first.status()).toBe(200);
  await card.getByTestId("answer-submit").click();
  await expect(card.getByRole("alert")).toContainText("Relaywright adoption in Europe");
  await context.close();
});
