import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

test("a run that asks a question is answered from the inbox and completes", async ({
  page,
  request,
  runPage,
}) => {
  const runId = await startRunViaApi(request, { goal: "help me" });
  await waitForRun(request, runId, "waiting");
  await page.goto("/inbox");
  const card = page.locator(`[data-testid="question-card"][data-run-id="${runId}"]`);
  await expect(card).toBeVisible();
  // The question says when it stops waiting and what happens then (a clarifying question: no report).
  await expect(card.getByTestId("card-deadline")).toContainText(/Answer in 2[34] h/);
  await expect(card.getByTestId("card-deadline")).toContainText("stops without a report");
  await runPage.shot("inbox");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByTestId("card-deadline")).toBeVisible();
  await runPage.shot("inbox-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByTestId("answer-input").fill("Project X pricing across vendors");
  await card.getByTestId("answer-submit").click();
  await expect(page.locator(`[data-testid="question-card"][data-run-id="${runId}"]`)).toHaveCount(0);
  await waitForRun(request, runId, "succeeded");
  await page.goto(`/runs/${runId}`);
  await runPage.waitForStatus("succeeded");
});

test("the library lists, searches and shows documents in English and Chinese", async ({ page, runPage }) => {
  await page.goto("/library");
  await expect(page.getByTestId("doc-row").first()).toBeVisible();
  await page.getByTestId("doc-search").fill("制造业 采用");
  await expect(page.getByTestId("doc-row").first()).toContainText(/制造业|manufacturing/i);
  await runPage.shot("library");
});
