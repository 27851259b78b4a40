import { expect, type RunPage, startRunViaApi, test, waitForRun } from "./fixtures";

type Ev = { seq: number; type: string; replayed?: boolean; cached?: boolean; questionId?: string };

async function eventsOf(request: import("@playwright/test").APIRequestContext, runId: string): Promise<Ev[]> {
  const text = await (await request.get(`/api/runs/${runId}/export`)).text();
  return text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Ev);
}

async function shots(runPage: RunPage, name: string) {
  for (const width of [1440, 390]) {
    await runPage.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await runPage.shot(`${name}-${width}`);
  }
  await runPage.page.setViewportSize({ width: 1440, height: 900 });
}

test("fork with edits from a past step: the fork's page lists each edit and counts its calls apart; the parent links its fork", async ({
  page,
  request,
  runPage,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const parent = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
  });
  await waitForRun(request, parent, "succeeded");
  const at = (await eventsOf(request, parent)).find((e) => e.type === "iteration.finished")?.seq ?? 1;
  await page.goto(`/runs/${parent}?at=${at}`);
  await expect(page.getByTestId("scrubber-label")).toContainText(`#${at}`);

  await page.getByTestId("fork-here").click();
  const dialog = page.getByTestId("fork-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading")).toContainText(`Fork from #${at}`);
  await dialog.getByTestId("fork-goal").fill("Compare Loomwork and Braidline for enterprise use");
  await dialog.getByTestId("fork-budget-iterations").fill("45");
  const entry = dialog.getByTestId("fork-memory-entry").filter({ hasText: "result:" }).first();
  const entryId = (await entry.getAttribute("data-entry")) ?? "";
  await entry.getByTestId("fork-memory-edit").click();
  await entry.getByTestId("fork-memory-content").fill("Edited by hand: a weaker finding");
  await entry.getByTestId("fork-memory-confidence").fill("0.3");
  await entry.getByTestId("fork-memory-status").selectOption("discarded");
  await shots(runPage, "fork-dialog");

  await dialog.getByTestId("fork-submit").click();
  await page.waitForURL((url) => url.pathname.startsWith("/runs/") && !url.pathname.endsWith(parent));
  const child = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const summary = page.getByTestId("fork-summary");
  await expect(summary).toContainText(`Forked from ${parent} at #${at}`);
  const edits = page.getByTestId("fork-edit");
  await expect(edits).toHaveCount(3);
  await expect(edits.filter({ hasText: "Goal" })).toContainText("Braidline");
  await expect(page.locator('[data-testid="fork-edit"][data-kind="budget"]')).toContainText("45");
  const memoryEdit = page.locator('[data-testid="fork-edit"][data-kind="memory"]');
  await expect(memoryEdit).toContainText(entryId);
  await expect(memoryEdit).toContainText("Edited by hand");
  await expect(memoryEdit).toContainText("0.3");
  await expect(memoryEdit).toContainText("discarded");
  await expect(page.getByTestId("run-goal")).toContainText("Braidline");

  await runPage.waitForStatus("succeeded");
  // The counters since the fork are the fork's own calls, replayed ones counted apart.
  const own = (await eventsOf(request, child)).slice(at + 4); // after run.forked, goal.amended, memory.updated
  const model = own.filter((e) => e.type === "model.called");
  const tools = own.filter((e) => e.type === "tool.returned" && !e.cached);
  const replayed = (list: Ev[]) => list.filter((e) => e.replayed).length;
  await expect(page.getByTestId("fork-model-calls")).toHaveText(
    `${model.length - replayed(model)} new · ${replayed(model)} replayed`,
  );
  await expect(page.getByTestId("fork-tool-calls")).toHaveText(
    `${tools.length - replayed(tools)} new · ${replayed(tools)} replayed`,
  );
  expect(replayed(model) + replayed(tools)).toBeGreaterThan(0);
  await expect(page.getByTestId("counters")).toContainText("since fork");
  await shots(runPage, "fork-page");

  await page.goto(`/runs/${parent}`);
  const link = page.getByTestId("fork-list").getByTestId("fork-link");
  await expect(link).toHaveText(child);
  await runPage.shot("fork-parent-1440");
  await link.click();
  await page.waitForURL(new RegExp(`/runs/${child}$`));
  await expect(page.getByTestId("fork-summary")).toBeVisible();
});

test("forking a waiting run asks for the fork's own answer and leaves one pending question", async ({
  page,
  request,
  runPage,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const parent = await startRunViaApi(request, { goal: "help me" });
  await waitForRun(request, parent, "waiting");
  await page.goto(`/runs/${parent}`);
  await page.getByTestId("fork-here").click();
  const dialog = page.getByTestId("fork-dialog");
  const question = dialog.getByTestId("fork-question");
  await expect(question).toContainText("Waiting for an answer");
  await expect(dialog.getByTestId("fork-needs-answer")).toBeVisible();
  await expect(dialog.getByTestId("fork-submit")).toBeDisabled();
  await question.getByTestId("fork-answer").fill("Project X pricing across vendors");
  await runPage.shot("fork-dialog-waiting");
  await dialog.getByTestId("fork-submit").click();
  await page.waitForURL((url) => url.pathname.startsWith("/runs/") && !url.pathname.endsWith(parent));
  await expect(page.locator('[data-testid="fork-edit"][data-kind="answer"]')).toContainText(
    "Project X pricing across vendors",
  );
  await runPage.waitForStatus("succeeded");

  const pending = (await (await request.get("/api/questions?status=pending")).json()) as {
    questions: { runId: string }[];
  };
  const child = new URL(page.url()).pathname.split("/").at(-1);
  expect(pending.questions.filter((q) => q.runId === parent)).toHaveLength(1);
  expect(pending.questions.filter((q) => q.runId === child)).toHaveLength(0);
  expect((await waitForRun(request, parent, "waiting")).lastSeq).toBeGreaterThan(0);
});

test("answering a question differently forks from just before its first answer", async ({
  page,
  request,
  runPage,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const parent = await startRunViaApi(request, { goal: "help me" });
  await waitForRun(request, parent, "waiting");
  const q = (
    (await (await request.get("/api/questions?status=pending")).json()) as {
      questions: { id: string; runId: string }[];
    }
  ).questions.find((x) => x.runId === parent);
  const res = await request.post(`/api/questions/${encodeURIComponent(q?.id ?? "")}/answer`, {
    data: { answer: "Project X pricing across vendors" },
  });
  expect(res.status()).toBe(200);
  await waitForRun(request, parent, "succeeded");
  const answeredAt = (await eventsOf(request, parent)).find((e) => e.type === "question.answered")?.seq ?? 0;

  await page.goto(`/runs/${parent}`);
  await page.getByTestId("fork-here").click();
  const dialog = page.getByTestId("fork-dialog");
  await expect(dialog.getByTestId("fork-question")).toContainText(
    "Answered “Project X pricing across vendors”",
  );
  await dialog.getByTestId("fork-reanswer").click();
  await dialog.getByTestId("fork-answer").fill("Project X market size and growth by region");
  await expect(dialog.getByTestId("fork-submit")).toHaveText(`Fork from #${answeredAt - 1}`);
  await dialog.getByTestId("fork-submit").click();
  await page.waitForURL((url) => url.pathname.startsWith("/runs/") && !url.pathname.endsWith(parent));
  await expect(page.getByTestId("fork-summary")).toContainText(`at #${answeredAt - 1}`);
  await expect(page.locator('[data-testid="fork-edit"][data-kind="answer"]')).toContainText(
    "Project X market size and growth by region",
  );
  await runPage.waitForStatus("succeeded");
});
