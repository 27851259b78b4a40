import { expect, test, waitForRun } from "./fixtures";

const GOAL = "Compare Loomwork and Relaywright for enterprise use";

test("a prompt skill added on /skills reaches a new run, which can switch skills off; the debugger shows which skill acted", async ({
  page,
  request,
  runPage,
}, testInfo) => {
  await page.goto("/skills");
  await expect(page.locator('[data-testid="skill-row"][data-skill="reflect"]')).toContainText("hybrid");
  await expect(page.locator('[data-testid="skill-row"][data-skill="reflect"]')).toContainText(
    "max_reflect_loops: 2",
  );

  // A JSON file with a bad id is refused with the field named, and nothing is added.
  const bad = testInfo.outputPath("bad-skill.json");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(
    bad,
    JSON.stringify({ id: "Bad Id", name: "x", template: "y", trigger: { purposes: ["execute"] } }),
  );
  await page.getByTestId("add-skill-toggle").click();
  await page.getByTestId("skill-file").setInputFiles(bad);
  await expect(page.getByTestId("skill-message")).toContainText("id:");
  await expect(page.locator('[data-testid="skill-row"][data-kind="prompt"]')).toHaveCount(0);

  await page.getByTestId("skill-name").fill("Doubt the figures");
  await page.getByTestId("skill-id").fill("doubt-figures");
  await page
    .getByTestId("skill-template")
    .fill("Before each extraction, list what would make this figure wrong.");
  await page.getByTestId("skill-tools").fill("extract");
  await page.getByTestId("skill-submit").click();
  await expect(page.getByTestId("skill-message")).toHaveText("Skill added.");
  await expect(page.locator('[data-testid="skill-row"][data-skill="doubt-figures"]')).toContainText("prompt");
  await runPage.shot("skills-registry");

  // The same id again is refused.
  await page.getByTestId("skill-submit").click();
  await expect(page.getByTestId("skill-message")).toContainText("exists already");

  // A write from another site, or not as JSON, never reaches the registry.
  const forged = await request.post("/api/skills", {
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    data: { id: "forged", name: "f", template: "t", trigger: { purposes: ["plan"] } },
  });
  expect(forged.status()).toBe(403);
  const form = await request.post("/api/skills", { form: { id: "forged" } });
  expect(form.status()).toBe(415);

  // A new run: the added skill is on, one builtin is switched off.
  await page.goto("/");
  await page.getByTestId("skill-switches").locator("summary").click();
  await expect(page.getByTestId("skill-switch-doubt-figures")).toBeChecked();
  await page.getByTestId("skill-switch-repetition-guard").uncheck();
  await page.getByTestId("goal-input").fill(GOAL);
  await page.getByTestId("start-run").click();
  await page.waitForURL(/\/runs\/run_/);
  const runId = new URL(page.url()).pathname.split("/").pop() as string;
  await waitForRun(request, runId, "succeeded");

  const events = (await (await request.get(`/api/runs/${runId}/export`)).text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; config?: { skills: unknown }; skill?: string });
  const started = events.find((e) => e.type === "run.started");
  expect(started?.config?.skills).toMatchObject({
    disabled: ["repetition-guard"],
    prompt: [{ id: "doubt-figures", trigger: { purposes: ["execute"], tools: ["extract"] } }],
  });
  const fired = events.filter((e) => e.type === "skill.fired");
  expect(fired.some((e) => e.skill === "doubt-figures")).toBe(true);

  await runPage.tab("monitor").click();
  await expect(page.getByTestId("decision-skill").first()).toBeVisible();
  const stat = page.locator('[data-testid="skill-stat"][data-skill="doubt-figures"]');
  await expect(stat).toContainText("prompt");
  await expect(stat).toContainText("injected");
  await expect(page.getByTestId("decision-share")).toContainText("by code");
  await expect(page.getByTestId("tier-summary")).toContainText("fast");
  await runPage.shot("debugger-skills");

  // Removed from the registry, it is no longer offered; the run keeps its copy.
  await page.goto("/skills");
  await page
    .locator('[data-testid="skill-row"][data-skill="doubt-figures"]')
    .getByTestId("remove-skill")
    .click();
  await expect(page.locator('[data-testid="skill-row"][data-skill="doubt-figures"]')).toHaveCount(0);
});
