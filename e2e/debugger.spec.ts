import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

test("start a run from the form, watch its tasks turn done live, then read the report", async ({
  page,
  runPage,
}) => {
  await page.goto("/");
  await runPage.shot("runs-list");
  await page.getByTestId("goal-input").fill("Compare Loomwork and Relaywright for enterprise use");
  await page.getByTestId("start-run").click();
  await page.waitForURL(/\/runs\/run_/);
  await expect(runPage.nodes().first()).toBeVisible();
  // Live: at some moment some tasks are done and others are not yet.
  await expect
    .poll(async () => {
      const total = await runPage.nodes().count();
      const done = await runPage.doneNodes().count();
      return done > 0 && done < total;
    })
    .toBe(true);
  await runPage.shot("debugger-live");
  await runPage.waitForStatus("succeeded");
  await expect(runPage.doneNodes()).toHaveCount(await runPage.nodes().count());
  await runPage.tab("report").click();
  const report = page.getByTestId("report");
  await expect(report).toContainText("Loomwork");
  await expect(report).toContainText("Sources");
  await runPage.shot("debugger-report");
  for (const name of ["memory", "monitor", "plan-vs-final", "events"]) {
    await runPage.tab(name).click();
    await runPage.shot(`debugger-${name}`);
  }
});

test("scrubbing back shows fewer done tasks and higher confidences than at the head", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, { goal: "Project X market size and growth by region" });
  const run = await waitForRun(request, runId, "succeeded");
  await page.goto(`/runs/${runId}`);
  await runPage.waitForStatus("succeeded");
  const doneAtHead = await runPage.doneNodes().count();
  await runPage.tab("memory").click();
  const entry = page.locator('[data-testid="memory-entry"][data-kind="result"]').first();
  const id = await entry.getAttribute("data-id");
  const headConfidence = Number(
    await page.locator(`[data-testid="memory-entry"][data-id="${id}"]`).getAttribute("data-confidence"),
  );

  // Deep link to an earlier moment, then step with the arrow keys.
  const mid = Math.floor(run.lastSeq * 0.6);
  await page.goto(`/runs/${runId}?at=${mid}`);
  await expect(page.getByTestId("scrubber-label")).toContainText(`#${mid}`);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("scrubber-label")).toContainText(`#${mid - 1}`);
  expect(await runPage.doneNodes().count()).toBeLessThan(doneAtHead);
  await runPage.tab("memory").click();
  const earlier = page.locator(`[data-testid="memory-entry"][data-id="${id}"]`);
  if ((await earlier.count()) > 0) {
    expect(Number(await earlier.getAttribute("data-confidence"))).toBeGreaterThan(headConfidence);
  }
  await runPage.shot("debugger-scrubbed");
  await page.getByTestId("go-live").click();
  await expect(runPage.doneNodes()).toHaveCount(doneAtHead);
});

test("a forced permanent tool failure shows the repaired task in plan vs final", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
    config: { faults: [{ tool: "read", taskId: "r1", kind: "permanent" }] },
  });
  await waitForRun(request, runId, "succeeded");
  await page.goto(`/runs/${runId}`);
  await runPage.tab("plan-vs-final").click();
  const changed = page.locator('[data-testid="plan-row"]:not([data-change="same"])');
  await expect(changed.first()).toBeVisible();
  await expect(changed.first()).toContainText(/added|removed|changed/);
  await runPage.shot("debugger-plan-vs-final-repair");
  await runPage.tab("monitor").click();
  await expect(page.locator('[data-testid="decision"][data-trigger="permanent_error"]')).toHaveCount(1);
});

test("fork from a past step opens a child run linked to its parent", async ({ page, request, runPage }) => {
  const parent = await startRunViaApi(request, { goal: "Project X pricing across vendors" });
  const run = await waitForRun(request, parent, "succeeded");
  const at = Math.floor(run.lastSeq / 2);
  await page.goto(`/runs/${parent}?at=${at}`);
  await expect(page.getByTestId("scrubber-label")).toContainText(`#${at}`);
  await page.getByTestId("fork-here").click();
  await page.getByTestId("fork-submit").click();
  await page.waitForURL((url) => url.pathname.startsWith("/runs/") && !url.pathname.endsWith(parent));
  await expect(page.getByTestId("parent-link")).toContainText(parent);
  await expect(page.getByTestId("parent-link")).toContainText(`#${at}`);
  await runPage.waitForStatus("succeeded");
  await runPage.shot("debugger-fork");
});

test("reloading in the middle of a run continues the view without gaps", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, { goal: "Which agent framework handles tool failures best?" });
  await page.goto(`/runs/${runId}`);
  await expect(runPage.nodes().first()).toBeVisible();
  await page.reload();
  await runPage.waitForStatus("succeeded");
  const run = await waitForRun(request, runId, "succeeded");
  // The view holds only contiguous events, so a full count means no gap (duplicates are dropped).
  await expect(page.getByTestId("scrubber-label")).toContainText(`/ ${run.lastSeq}`);
});

test("changing the requirements mid-run re-plans the rest and delivers what was asked", async ({
  page,
  request,
  runPage,
}) => {
  // The run must still be going when the button is clicked (the old flake: it finished first, and
  // the button left with it): one task at a time, and the report's first call fails transiently
  // and is retried after 10 s — the change arrives before anything is delivered.
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright on task success and pricing",
    config: {
      concurrency: 1,
      toolBackoffMs: 10_000,
      faults: [{ tool: "compose_report", kind: "transient", times: 1 }],
    },
  });
  await page.goto(`/runs/${runId}`);
  // Some research is done before the change arrives.
  await expect(runPage.doneNodes().first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("amend-open").click();
  await page.getByTestId("amend-text").fill("Please write the final report in Chinese.");
  await page.getByTestId("amend-submit").click();
  await expect(page.getByTestId("amend-message")).toContainText(/re-plans/);
  await runPage.shot("debugger-amend");
  await runPage.waitForStatus("succeeded");
  await runPage.tab("report").click();
  await expect(page.getByTestId("report")).toContainText(/[\u4e00-\u9fff]{6}/);
  const events = (await (await request.get(`/api/runs/${runId}/export`)).text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; trigger?: string });
  expect(events.some((e) => e.type === "goal.amended")).toBe(true);
  expect(events.some((e) => e.type === "plan.replanned" && e.trigger === "requirements_changed")).toBe(true);
});

test("switching the monitor off in the advanced settings starts a run whose results nothing checks", async ({
  page,
  request,
  runPage,
}) => {
  await page.goto("/");
  await page.getByText("Advanced settings").click();
  const executive = page.getByTestId("settings-executive");
  await expect(executive).toBeVisible();
  await page.getByTestId("setting-executive-monitor").selectOption("off");
  await expect(executive).toContainText("Results are accepted as they come");
  await expect(page.getByText("1 changed")).toBeVisible();
  await runPage.shot("advanced-settings-light");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await runPage.shot("advanced-settings-dark");

  await page.getByTestId("goal-input").fill("Project X pricing across vendors");
  await page.getByTestId("start-run").click();
  await page.waitForURL(/\/runs\/run_/);
  const runId = new URL(page.url()).pathname.split("/").pop() as string;
  await waitForRun(request, runId, "succeeded");

  const events = (await (await request.get(`/api/runs/${runId}/export`)).text())
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as { type: string; trigger?: string; config?: { executive?: { monitor?: string } } },
    );
  expect(events[0]?.type).toBe("run.started");
  expect(events[0]?.config?.executive?.monitor).toBe("off");
  const decisions = events.filter((e) => e.type === "decision");
  expect(decisions.length).toBeGreaterThan(0);
  for (const d of decisions) expect(d.trigger).toBe("no_monitor");
});
