import { createRun, drive } from "@/lib/agent/loop";
import { makeDeps, reportTask, workTask } from "@/lib/agent/testing/harness";
import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

const widths = [
  { name: "1440", width: 1440, height: 900 },
  { name: "1920", width: 1920, height: 1080 },
  { name: "390", width: 390, height: 844 },
];

test("the model-call view shows each call's prompt and reply, spend by purpose, and a task's spend by attempt", async ({
  page,
  context,
  request,
  runPage,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
  });
  await waitForRun(request, runId, "succeeded");
  await page.goto(`/runs/${runId}`);
  await runPage.waitForStatus("succeeded");
  await runPage.tab("model-calls").click();

  const byPurpose = page.getByTestId("model-cost-by-purpose");
  for (const purpose of ["clarify", "plan", "execute", "report"])
    await expect(byPurpose.locator(`tr[data-row="${purpose}"]`)).toBeVisible();
  const rows = page.getByTestId("model-call-row");
  await expect(rows.first()).toBeVisible();

  // The first call is the clarification: its prompt carries the goal, its reply is pretty JSON.
  await page.locator('[data-testid="model-call-row"][data-purpose="clarify"]').first().click();
  const detail = page.getByTestId("model-call-detail");
  await expect(detail.getByTestId("model-call-messages")).toContainText(
    "Compare Loomwork and Relaywright for enterprise use",
  );
  const reply = (await detail.getByTestId("model-call-reply").textContent()) ?? "";
  expect(JSON.parse(reply)).toHaveProperty("spec");
  await detail.getByTestId("copy-reply").click();
  await expect(detail.getByTestId("copy-reply")).toHaveText(/Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reply);
  await detail.getByTestId("copy-messages").click();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { role: string }[];
  expect(copied.map((m) => m.role)).toEqual(["system", "user"]);

  // A task's drawer: spend per attempt, and a way to that task's calls.
  await runPage.tab("task").click();
  const firstTask = page.getByTestId("task-list-select").first();
  await firstTask.click();
  const taskId = (await page.getByTestId("task-details").getAttribute("data-task-id")) ?? "";
  const cost = page.getByTestId("task-cost-table");
  await expect(cost.locator('tr[data-row="1"]')).toBeVisible();
  await expect(cost.locator('tr[data-row="total"]')).toBeVisible();
  await page.getByTestId("show-task-model-calls").click();
  await expect(page.getByTestId("model-calls-task")).toHaveValue(taskId);
  await expect(page.getByTestId("model-calls-count")).toContainText(" of ");
  const tasksShown = await page
    .getByTestId("model-call-row")
    .evaluateAll((els) => els.map((el) => el.querySelector(".mc-task")?.textContent ?? ""));
  expect(tasksShown.length).toBeGreaterThan(0);
  for (const t of tasksShown) expect(t.startsWith(taskId)).toBe(true);

  // Looked at by a person at three widths; none scrolls sideways.
  const wide: string[] = [];
  for (const w of widths) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.getByTestId("model-calls-task").fill("");
    await page.locator('[data-testid="model-call-row"][data-purpose="execute"]').first().click();
    await expect(page.getByTestId("model-call-detail")).toBeVisible();
    const [scroll, inner] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    if (scroll > inner) wide.push(`model-calls-${w.name}: ${scroll} > ${inner}`);
    await runPage.shot(`model-calls-${w.name}`);
    await runPage.tab("task").click();
    // The task chosen above is still selected.
    await page.getByTestId("task-cost").scrollIntoViewIfNeeded();
    await runPage.shot(`task-cost-${w.name}`);
    await runPage.tab("model-calls").click();
  }
  expect(wide).toEqual([]);
});

test("repair and replan markers sit inside their node, off every edge", async ({
  page,
  request,
  runPage,
}) => {
  // A run whose middle task is rewritten by a repair: the marked node has an edge in and an edge out.
  const { deps, events } = makeDeps({
    plan: [workTask("a"), workTask("b", ["a"]), workTask("c", ["b"]), reportTask(["c"])],
    behaviours: { b: { permanent: true } },
    overrides: {
      repair: (c) => ({
        action: "rewrite_task",
        task: { ...(c.purpose === "repair" ? c.failed : {}), input: { key: "b-alt" } },
        reason: "b does not exist; use b-alt",
      }),
    },
  });
  const state = await drive(await createRun(deps, { runId: `marker_${Date.now()}`, goal: "Repair marker" }));
  expect(state.tasks.b?.origin).toBe("repair");
  const res = await request.post("/api/runs/import", {
    headers: { "Content-Type": "application/x-ndjson" },
    data: `${events.map((e) => JSON.stringify(e)).join("\n")}\n`,
  });
  expect(res.ok()).toBe(true);
  const { runId } = (await res.json()) as { runId: string };

  for (const w of widths) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await page.goto(`/runs/${runId}`);
    await runPage.waitForStatus("succeeded");
    const marker = page.locator('[data-task-id="b"] [data-testid="dag-marker"]');
    await expect(marker).toBeVisible();
    const overlap = await page.evaluate(() => {
      const m = document.querySelector('[data-task-id="b"] [data-testid="dag-marker"]') as HTMLElement;
      const node = m.closest('[data-testid="dag-node"]') as HTMLElement;
      const r = m.getBoundingClientRect();
      const n = node.getBoundingClientRect();
      const inside = r.left >= n.left && r.right <= n.right && r.top >= n.top && r.bottom <= n.bottom;
      let hits = 0;
      let sampled = 0;
      for (const path of document.querySelectorAll<SVGPathElement>(".react-flow__edge-path")) {
        const ctm = path.getScreenCTM();
        if (!ctm) continue;
        const length = path.getTotalLength();
        for (let d = 0; d <= length; d += 2) {
          const p = path.getPointAtLength(d).matrixTransform(ctm);
          sampled += 1;
          if (p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom) hits += 1;
        }
      }
      return { inside, hits, sampled };
    });
    expect(overlap.sampled).toBeGreaterThan(0);
    expect(overlap).toMatchObject({ inside: true, hits: 0 });
    await runPage.shot(`dag-marker-${w.name}`);
  }
});
