import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

// Reads fail transiently twice with no in-call retries: the gate retries and the retry fails the
// same way, which the run's end turns into a lesson; the next run recalls it.
const body = {
  goal: "Project X market size and growth by region",
  config: { concurrency: 1, toolRetries: 0, faults: [{ tool: "read", kind: "transient", times: 2 }] },
};

test("lessons learned by one run are listed with evidence, used by the next run's decisions, and can be disabled", async ({
  page,
  request,
}) => {
  const first = await startRunViaApi(request, body);
  await waitForRun(request, first, "succeeded");
  const second = await startRunViaApi(request, body);
  await waitForRun(request, second, "succeeded");

  await page.goto("/lessons");
  const card = page
    .locator('[data-testid="lesson"]', { hasText: "retrying the same call did not help" })
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("lesson-confidence")).toContainText("used 1×");

  // The debugger shows which lessons the second run's decision used, and why.
  await page.goto(`/runs/${second}`);
  await page.getByTestId("tab-monitor").click();
  const used = page.getByTestId("decision-lessons").first();
  await expect(used).toContainText("retrying the same call did not help");
  await expect(used).toContainText("same failure code unavailable");

  // Evidence opens the debugger at the seq that shows it.
  await page.goto("/lessons?q=read");
  // Both runs may have taught the lesson: the first run's evidence is among its links.
  await expect(page.getByTestId("lesson-evidence").first()).toBeVisible();
  const links = page.getByTestId("lesson-evidence");
  const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => h.startsWith(`/runs/${first}?`)) ?? hrefs.join(" ");
  expect(href).toMatch(new RegExp(`^/runs/${first}\\?at=\\d+$`));
  await page.locator(`[data-testid="lesson-evidence"][href="${href}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/runs/${first}\\?at=\\d+`));
  await expect(page.getByTestId("scrubber")).toBeVisible();

  // A reviewer disables a lesson: kept, marked, never recalled.
  await page.goto("/lessons");
  const target = page.locator('[data-testid="lesson"]', { hasText: "retrying the same call" }).first();
  const id = (await target.getAttribute("data-lesson-id")) ?? "";
  await target.getByTestId("lesson-toggle").click();
  await expect(page.locator(`[data-lesson-id="${id}"]`)).toHaveAttribute("data-disabled", "true");
  await page.reload();
  await expect(page.locator(`[data-lesson-id="${id}"]`)).toHaveAttribute("data-disabled", "true");
  const third = await startRunViaApi(request, body);
  await waitForRun(request, third, "succeeded");
  const events = await (await request.get(`/api/runs/${third}/export`)).text();
  expect(events).not.toContain(id);

  // At phone width nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/lessons");
  await expect(page.getByTestId("lesson").first()).toBeVisible();
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(inner);
});

test("a lesson cannot be changed from another origin or with a bad action", async ({ request }) => {
  const forged = await request.post("/api/lessons/lesson_00000000", {
    data: { action: "delete" },
    headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(forged.status()).toBe(403);
  const bad = await request.post("/api/lessons/lesson_00000000", { data: { action: "approve" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ ok: false, code: "invalid_input" });
  const missing = await request.post("/api/lessons/lesson_00000000", { data: { action: "disable" } });
  expect(missing.status()).toBe(404);
});
