import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "./fixtures";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A result set's folder where the server's /bench page reads it: the web server runs on E2E_DATA_DIR. */
function benchDir(set = "latest"): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dataDir, "bench", set);
}

/** A small real benchmark: two scenarios, every arm, two seeds (unless `args` says otherwise). */
function runBenchmark(
  out: string,
  args = [
    "--scenarios",
    "lib/bench/ef/scenarios/tf-permanent-read.json",
    "--scenarios",
    "lib/bench/ef/scenarios/mi-vague-goal.json",
    "--seeds",
    "2",
  ],
) {
  execFileSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "lib/bench/ef/cli.ts", ...args, "--out", out],
    {
      cwd: repoRoot,
      timeout: 120_000,
      stdio: "pipe",
      env: { ...process.env, PREFRONTAL_DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
}

const runIdOf = (url: string) => new URL(url).pathname.split("/").pop();

test("the bench page shows a benchmark's results and opens a failed case in the debugger", async ({
  page,
  request,
  runPage,
}) => {
  test.setTimeout(240_000);
  const dir = benchDir();
  rmSync(dir, { recursive: true, force: true });
  const second = benchDir("second");
  rmSync(second, { recursive: true, force: true });

  await page.goto("/bench");
  await expect(page.getByTestId("bench-empty")).toContainText("npm run bench");
  await expect(page.getByTestId("bench-empty")).toContainText("--out");
  await runPage.shot("bench-empty");

  runBenchmark(dir);
  await page.reload();
  await expect(page.getByTestId("bench-empty")).toHaveCount(0);
  const targets = page.getByTestId("bench-targets");
  await expect(targets).toBeVisible();
  await expect(targets.locator("tbody tr").first()).toContainText(/met/);
  for (const chart of ["bench-chart-success", "bench-chart-tools"]) {
    await expect(page.getByTestId(chart)).toBeVisible();
    await expect(page.getByTestId(chart).getByRole("img")).toHaveAttribute("aria-label", /.+/);
  }
  const failed = page.getByTestId("bench-failed-case");
  await expect(failed.first()).toBeVisible();
  await runPage.shot("bench-light");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await runPage.shot("bench-dark");

  // Filtering by the first failed case's arm keeps only that arm's cases.
  const arm = (await failed.first().getAttribute("data-arm")) ?? "";
  await page.getByTestId("bench-filter-arm").selectOption(arm);
  await expect(failed.first()).toBeVisible();
  for (const row of await failed.all()) await expect(row).toHaveAttribute("data-arm", arm);
  await page.getByTestId("bench-filter-arm").selectOption("all");

  const link = page.getByTestId("bench-open-run").first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/bench\/runs\//);
  await link.click();
  await page.waitForURL(/\/runs\/bench_/);
  await expect(runPage.status()).toBeVisible();
  const first = runIdOf(page.url());
  await runPage.shot("bench-debugger");

  // Opening the same case again shows the run imported the first time, not a copy.
  await page.goto(href as string);
  await page.waitForURL(/\/runs\/bench_/);
  await expect(runPage.status()).toBeVisible();
  expect(runIdOf(page.url())).toBe(first);

  // A second, smaller set beside the first: the page offers both, and opens the second's cases from it.
  runBenchmark(second, [
    "--scenarios",
    "lib/bench/ef/scenarios/tf-permanent-read.json",
    "--arms",
    "full,baseline",
    "--seeds",
    "1",
  ]);
  await page.goto("/bench");
  const sets = page.getByTestId("bench-sets");
  await expect(sets).toBeVisible();
  await expect(sets.getByTestId("bench-set")).toHaveText(["latest", "second"]);
  await expect(sets.locator('[aria-current="page"]')).toHaveText("latest");
  await runPage.shot("bench-sets-dark");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await runPage.shot("bench-sets-light");

  await sets.getByRole("link", { name: "second" }).click();
  await page.waitForURL(/\/bench\?set=second$/);
  await expect(page.getByTestId("bench-sets").locator('[aria-current="page"]')).toHaveText("second");
  const secondCase = page.getByTestId("bench-failed-case").first();
  await expect(secondCase).toContainText("tf-permanent-read");
  const secondLink = page.getByTestId("bench-open-run").first();
  const secondHref = (await secondLink.getAttribute("href")) ?? "";
  expect(secondHref).toMatch(/^\/bench\/runs\/[^?]+\?set=second$/);
  // The case is read from the set the link names, and only a set's own folder: a path out of it opens nothing.
  const elsewhere = await request.get(secondHref.replace("set=second", "set=..%2Flatest"), {
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(404);
  expect(((await elsewhere.json()) as { code: string }).code).toBe("case_not_found");
  await secondLink.click();
  await page.waitForURL(/\/runs\/bench_/);
  await expect(runPage.status()).toBeVisible();
  await runPage.shot("bench-second-debugger");
});
