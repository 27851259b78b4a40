import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

test("two runs side by side: ticked on the runs list, metrics, tasks aligned and reports diffed", async ({
  page,
  request,
  runPage,
}) => {
  const full = await startRunViaApi(request, { goal: "Compare Loomwork and Relaywright for enterprise use" });
  const faulty = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
    config: { faults: [{ tool: "read", taskId: "r1", kind: "permanent" }] },
  });
  await waitForRun(request, full, "succeeded");
  await waitForRun(request, faulty, "succeeded");

  await page.goto("/");
  await page.locator(`[data-run-id="${full}"]`).getByTestId("run-pick").check();
  await page.locator(`[data-run-id="${faulty}"]`).getByTestId("run-pick").check();
  await page.getByTestId("compare-picked").click();
  await page.waitForURL(/\/compare\?a=/);

  const metrics = page.getByTestId("compare-metrics");
  await expect(metrics.locator('[data-metric="status"]')).toContainText("succeeded");
  await expect(metrics.locator('[data-metric="tool calls"]')).toBeVisible();
  // The fault made the second run repair r1: that task differs, the searches do not.
  await expect(page.locator('[data-testid="compare-task"][data-task-id="r1"]')).toHaveAttribute(
    "data-same",
    "false",
  );
  await expect(page.locator('[data-testid="compare-task"][data-task-id="s1"]')).toHaveAttribute(
    "data-same",
    "true",
  );
  await expect(page.getByTestId("compare-report")).toContainText("Loomwork");
  await runPage.shot("compare-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await runPage.shot("compare-390");
});
