import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

test("the event log searches, shows times, and moves the scrubber to a clicked row with counters of that moment", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
  });
  const run = await waitForRun(request, runId, "succeeded");
  await page.goto(`/runs/${runId}`);
  await runPage.waitForStatus("succeeded");
  const headToolCalls = Number(await page.getByTestId("counter-tool-calls").textContent());
  // A row of the task list opens its task.
  const firstTask = page.locator('[data-testid="task-list"] tbody tr').first();
  const taskId = await firstTask.getAttribute("data-task-id");
  await firstTask.getByTestId("task-list-select").click();
  await expect(page.getByTestId("task-details")).toHaveAttribute("data-task-id", taskId as string);
  await runPage.tab("events").click();
  await expect(page.getByTestId("events-count")).toContainText(`${run.lastSeq + 1} events`);

  await page.getByTestId("events-search").fill("tool.called read");
  await expect(page.getByTestId("events-count")).toContainText(" of ");
  const rows = page.getByTestId("event-row");
  await expect(rows.first()).toHaveAttribute("data-type", "tool.called");
  for (const type of await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-type")))) {
    expect(type).toBe("tool.called");
  }
  // Time since the start, and since the event before, on every row.
  await expect(rows.first().locator(".evt-time").first()).toHaveText(/^\+\d/);
  await runPage.shot("debugger-events-search");

  const row = rows.first();
  const seq = Number(await row.getAttribute("data-seq"));
  await row.getByTestId("event-scrub").click();
  await expect(page.getByTestId("scrubber-label")).toContainText(`#${seq}`);
  await expect(row).toHaveAttribute("data-moment", "current");
  await expect(page.getByTestId("counters-moment")).toContainText(`#${seq}`);
  expect(Number(await page.getByTestId("counter-tool-calls").textContent())).toBeLessThan(headToolCalls);
  await runPage.shot("debugger-events-scrubbed");

  // A deep link past the end is clamped to the last event, with a note saying so.
  await page.goto(`/runs/${runId}?at=${run.lastSeq + 500}`);
  await expect(page.getByTestId("at-note")).toContainText(`#${run.lastSeq + 500}`);
  await expect(page.getByTestId("scrubber-label")).toContainText(`#${run.lastSeq} /`);
});

test("the downloaded report has no HTML entities and a numbered source list that links outside the app", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
  });
  await waitForRun(request, runId, "succeeded");
  await page.goto(`/runs/${runId}`);
  await runPage.tab("report").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("report-download").click(),
  ]);
  const text = await (await import("node:fs/promises")).readFile((await download.path()) as string, "utf8");
  expect(text).not.toMatch(/&(quot|amp|lt|gt|#\d+);/);
  expect(text).toMatch(/^1\. .+ — \[[\w-]+\]\(http:\/\/127\.0\.0\.1:\d+\/library\?doc=[\w-]+\)$/m);
});
