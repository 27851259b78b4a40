/**
 * `npx tsx e2e/bench/ui-profile.ts [dag|scrub]` (needs `npm run build`). Profile of bench:ui's two slow measures in the real Chromium: where the CPU time goes while a
 * 300-task run loads and while the scrubber steps on a 1,000-iteration run. Prints self time by
 * function (CDP Profiler), long tasks and the SSE timeline. A tool for finding work, not a bench.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import type { RunEvent } from "@/lib/agent/events";
import { chromiumArgs, importRun as importInto, syntheticRun, until } from "./synthetic-runs";

const PORT = 3378;
const base = `http://127.0.0.1:${PORT}`;

const importRun = (events: RunEvent[]) => importInto(base, events);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Self time by function; the minified names and positions point into .next/static/chunks. */
function summarize(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, top = 30) {
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byName = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const t = (self.get(n.id) ?? 0) / 1000;
    total += t;
    const f = n.callFrame;
    const key = `${f.functionName || "(anon)"} ${path.basename(f.url)}:${f.lineNumber}:${f.columnNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + t);
  }
  console.log(`  total sampled ${total.toFixed(0)} ms`);
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
}

async function profiled<T>(page: Page, name: string, body: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const out = await body();
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(`/tmp/ui2/${name}.cpuprofile`, JSON.stringify(profile));
  console.log(`${name}:`);
  summarize(profile as never);
  return out;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "prefrontal-profile-ui-"));
  const log = openSync(path.join(dataDir, "server.log"), "a");
  const app: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"],
    { env: { ...process.env, PREFRONTAL_DATA_DIR: dataDir, DATABASE_URL: "" }, stdio: ["ignore", log, log] },
  );
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: chromiumArgs,
  });
  try {
    const which = process.argv[2] ?? "both";
    const wideEvents = await syntheticRun(300, 20, 8);
    const longEvents = which === "dag" ? [] : await syntheticRun(1_000, 5, 1);
    await until(async () => (await fetch(`${base}/api/runs`)).ok);
    const wide = await importRun(wideEvents);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __t: Record<string, number>; __long: number[][] };
      w.__t = {};
      w.__long = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: "longtask", buffered: true });
      const ES = window.EventSource;
      window.EventSource = class extends ES {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          w.__t.open ??= performance.now();
          let n = 0;
          this.addEventListener("run-event", () => {
            n++;
            if (n === 1) w.__t.first = performance.now();
            w.__t.last = performance.now();
            w.__t.count = n;
          });
        }
      } as typeof EventSource;
    });
    if (which !== "scrub") {
      // Warm the route once.
      await page.goto(`${base}/runs/${wide}`);
      await page
        .getByTestId("dag-counts")
        .filter({ hasText: "300 tasks · 300 succeeded" })
        .waitFor({ timeout: 60_000 });
      for (let i = 0; i < 2; i++) {
        await profiled(page, `dag-${i}`, async () => {
          await page.goto(`${base}/runs/${wide}`);
          await page.waitForFunction(
            () =>
              document
                .querySelector('[data-testid="dag-counts"]')
                ?.textContent?.startsWith("300 tasks · 300 succeeded") &&
              document.querySelectorAll('[data-testid="dag-node"]').length > 0,
            null,
            { timeout: 60_000, polling: "raf" },
          );
        });
        const t = await page.evaluate(() => {
          const w = window as unknown as { __t: Record<string, number>; __long: number[][] };
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          return {
            ...w.__t,
            now: performance.now(),
            domContentLoaded: nav.domContentLoadedEventEnd,
            responseEnd: nav.responseEnd,
            long: w.__long,
            nodes: document.querySelectorAll('[data-testid="dag-node"]').length,
          };
        });
        console.log(JSON.stringify(t));
      }
    }
    if (which !== "dag") {
      const long = await importRun(longEvents);
      await page.goto(`${base}/runs/${long}`);
      await page.waitForFunction(
        (last) =>
          document.querySelector('[data-testid="scrubber-label"]')?.textContent?.includes(`/ ${last}`) &&
          document.querySelector('[data-testid="dag-counts"]'),
        longEvents.length - 1,
        { timeout: 120_000 },
      );
      await page.locator("body").click({ position: { x: 5, y: 5 } });
      const steps = await profiled(page, "scrub", () =>
        page.evaluate(async () => {
          const label = document.querySelector('[data-testid="scrubber-label"]') as HTMLElement;
          const times: number[] = [];
          for (let i = 0; i < 200; i++) {
            const before = label.textContent;
            const t0 = performance.now();
            window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
            while (label.textContent === before) await new Promise((r) => setTimeout(r, 0));
            await new Promise((r) => requestAnimationFrame(() => r(null)));
            times.push(performance.now() - t0);
          }
          return times;
        }),
      );
      const sorted = [...steps].sort((a, b) => a - b);
      console.log(
        `scrub: median ${sorted[100]?.toFixed(1)} p95 ${sorted[190]?.toFixed(1)} max ${sorted[199]?.toFixed(1)}; slowest steps at ${steps
          .map((t, i) => [i, t] as const)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([i, t]) => `${i}:${t.toFixed(0)}`)
          .join(" ")}`,
      );
    }
  } finally {
    await browser.close();
    app.kill("SIGKILL");
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
