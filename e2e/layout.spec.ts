import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

test("controls stay the same elements, and keep focus, while events stream in", async ({ page, request }) => {
  // Kept going long enough to watch (a fast machine finished the run before the controls were
  // checked, and a finished run has no amend or cancel button): one task at a time, and the first
  // search fails transiently and is retried after 10 s, so the events stream in after the tagging.
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork, Relaywright, Cortexa and Braidline on task success, pricing and licensing",
    config: {
      concurrency: 1,
      toolBackoffMs: 10_000,
      faults: [{ tool: "search", taskId: "s1", kind: "transient", times: 1 }],
    },
  });
  await page.goto(`/runs/${runId}`);
  const label = page.getByTestId("scrubber-label");
  await expect(page.getByTestId("amend-open")).toBeVisible();
  await expect(page.getByTestId("tab-memory")).toBeVisible();
  await expect(page.getByTestId("fork-here")).toBeVisible();
  // Tag the live elements; a re-mounted element is a new node without the tag.
  const ids = ["amend-open", "cancel-run", "tab-memory", "fork-here", "go-live", "run-goal"];
  await page.evaluate((list) => {
    for (const id of list) {
      const el = document.querySelector(`[data-testid="${id}"]`) as (HTMLElement & { __tag?: number }) | null;
      if (el) el.__tag = 1;
    }
  }, ids);
  await page.getByTestId("amend-open").focus();
  const seqOf = async () => Number(/#(\d+)/.exec((await label.textContent()) ?? "")?.[1] ?? 0);
  const start = await seqOf();
  await expect.poll(seqOf, { timeout: 30_000 }).toBeGreaterThan(start + 15);
  const kept = await page.evaluate(
    (list) =>
      list.filter((id) => {
        const el = document.querySelector(`[data-testid="${id}"]`) as
          | (HTMLElement & { __tag?: number })
          | null;
        return el?.__tag === 1;
      }),
    ids,
  );
  expect(kept).toEqual(ids);
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("amend-open");
  await waitForRun(request, runId, "succeeded");
});

test("at phone width (390 px) no page scrolls sideways", async ({ page, request, runPage }) => {
  const runId = await startRunViaApi(request, { goal: "Project X market size and growth by region" });
  await waitForRun(request, runId, "succeeded");
  const waiting = await startRunViaApi(request, { goal: "help me decide" });
  await waitForRun(request, waiting, "waiting");
  // A report whose comparison table has five columns: it scrolls in its panel, not the page.
  const table = await startRunViaApi(request, {
    goal: "Compare the agent frameworks described in the library as a report with a comparison table",
  });
  await waitForRun(request, table, "succeeded");
  await page.setViewportSize({ width: 390, height: 844 });
  const pages: [string, string][] = [
    ["/", "list"],
    ["/inbox", "inbox"],
    ["/library", "library"],
    ["/bench", "bench"],
    [`/runs/${runId}`, "run"],
    [`/runs/${waiting}`, "run-waiting"],
    [`/compare?a=${runId}&b=${waiting}`, "compare"],
    [`/runs/${table}`, "run-report-table"],
  ];
  const wide: string[] = [];
  for (const [url, name] of pages) {
    await page.goto(url);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    if (name === "list") await expect(page.getByTestId("run-row").first()).toBeVisible();
    if (name === "inbox") await expect(page.getByTestId("question-card").first()).toBeVisible();
    if (name === "library") await expect(page.getByTestId("doc-row").first()).toBeVisible();
    if (name.startsWith("run")) await expect(page.getByTestId("scrubber")).toBeVisible();
    if (name === "run-waiting") await expect(page.getByTestId("waiting-banner")).toBeVisible();
    if (name === "run-report-table") {
      await page.getByRole("tab", { name: "Report" }).click();
      await expect(page.locator("table").filter({ hasText: "Loomwork" }).first()).toBeVisible();
    }
    const [scroll, inner] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    if (scroll > inner) wide.push(`${url}: ${scroll} > ${inner}`);
    await runPage.shot(`phone-${name}`);
  }
  expect(wide).toEqual([]);
});

test("the runs list shows a run started elsewhere within 2 s; titles, favicon and settings say what they are", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("new-run-form")).toBeVisible();
  // Let the list settle into its idle polling before a run appears from elsewhere.
  await page.waitForTimeout(2_500);
  const runId = await startRunViaApi(request, { goal: "Project X pricing across vendors, seen elsewhere" });
  // The list polls every 2 s; the extra second is the request and the render on a loaded machine.
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)).toBeVisible({
    timeout: 3_000,
  });

  const icon = page.locator('link[rel="icon"]').first();
  await expect(icon).toHaveCount(1);
  const href = (await icon.getAttribute("href")) ?? "";
  expect((await request.get(href)).status()).toBe(200);

  const advanced = page.getByTestId("advanced-summary");
  await expect(page.locator("details:has([data-testid=advanced-summary])")).not.toHaveAttribute("open");
  await expect(advanced).toContainText("▸");
  await advanced.click();
  await expect(page.locator("details:has([data-testid=advanced-summary])")).toHaveAttribute("open", "");

  // No OpenAI endpoint is configured for the e2e server: the option says so and cannot be chosen.
  await expect(page.locator('#new-run-model option[value="openai"]')).toBeDisabled();
  await expect(page.getByTestId("model-unavailable")).toContainText(/OPENAI_/);

  await page.goto(`/runs/${runId}`);
  await expect(page).toHaveTitle(/Project X pricing across vendors, seen elsewhere/);
});

test("at 1440×900 the graph opens legible (titles ≥ 11 px) with its controls on screen", async ({
  page,
  request,
}) => {
  const runId = await startRunViaApi(request, {
    goal: "Compare Loomwork and Relaywright for enterprise use",
  });
  await waitForRun(request, runId, "succeeded");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/runs/${runId}`);
  await expect(page.locator('[data-testid="dag-node"]').first()).toBeVisible();
  const title = page.locator(".dag-node-title").first();
  await expect
    .poll(async () => (await title.boundingBox())?.height ?? 0, { message: "title line height on screen" })
    .toBeGreaterThan(0);
  // A title's rendered font size: its CSS size times the canvas zoom.
  const px = await page.evaluate(() => {
    const el = document.querySelector(".dag-node-title") as HTMLElement;
    const viewport = document.querySelector(".react-flow__viewport") as HTMLElement;
    const zoom = new DOMMatrix(getComputedStyle(viewport).transform).a;
    return Number.parseFloat(getComputedStyle(el).fontSize) * zoom;
  });
  expect(px).toBeGreaterThanOrEqual(10.99);
  const controls = await page.locator(".react-flow__controls").boundingBox();
  expect(controls).not.toBeNull();
  expect((controls?.y ?? 0) + (controls?.height ?? 0)).toBeLessThanOrEqual(900);
  await page.screenshot({ path: "test-results/screens/graph-legible-1440.png" });
});
