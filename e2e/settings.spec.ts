import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

test("a fault set in the form's fault editor reaches the run, and the run's Settings tab shows it", async ({
  page,
  request,
  runPage,
}) => {
  await page.goto("/");
  await page.getByTestId("advanced-summary").click();
  await page.getByTestId("fault-add").click();
  const row = page.getByTestId("fault-row").first();
  await row.getByLabel("Tool").selectOption("read");
  await row.getByLabel("Task id").fill("r1");
  await row.getByLabel("Kind").selectOption("permanent");
  await runPage.shot("new-run-fault-editor");
  await page.getByTestId("goal-input").fill("Compare Loomwork and Relaywright for enterprise use");
  await page.getByTestId("start-run").click();
  await page.waitForURL(/\/runs\/run_/);
  const runId = new URL(page.url()).pathname.split("/").pop() as string;
  await waitForRun(request, runId, "succeeded");

  await runPage.tab("settings").click();
  const fault = page.getByTestId("settings-fault");
  await expect(fault).toHaveCount(1);
  await expect(fault).toContainText("read");
  await expect(fault).toContainText("r1");
  await expect(fault).toContainText("permanent");
  await expect(page.getByTestId("setting-monitor")).toContainText("Rules");
  await runPage.shot("debugger-settings");
});

test("importing an exported run opens it read-only; importing the same file again says so", async ({
  page,
  request,
}, testInfo) => {
  const source = await startRunViaApi(request, { goal: "Project X pricing across vendors" });
  await waitForRun(request, source, "succeeded");
  const file = testInfo.outputPath("export.jsonl");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(file, await (await request.get(`/api/runs/${source}/export`)).text());
  const imported = async () =>
    ((await (await request.get("/api/runs")).json()) as { runs: { id: string }[] }).runs.filter((r) =>
      r.id.startsWith("imp_"),
    ).length;
  const before = await imported();

  await page.goto("/");
  await page.getByTestId("import-run-file").setInputFiles(file);
  await page.waitForURL(/\/runs\/imp_/);
  await expect(page.getByText("read-only import")).toBeVisible();
  expect(await imported()).toBe(before + 1);

  await page.goto("/");
  await page.getByTestId("import-run-file").setInputFiles(file);
  await expect(page.getByTestId("import-duplicate")).toContainText("already imported");
  expect(await imported()).toBe(before + 1);
});
