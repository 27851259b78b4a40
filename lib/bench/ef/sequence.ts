// EF-Bench sequence mode: `npm run bench:sequence -- [--scenarios <path>]... [--seeds 3] [--orders 3] [--out <file>]`
//
// The scenarios of each category run one after another in a fixed shuffled order, sharing one
// lesson store, so lessons from earlier runs can help later ones. `full` recalls them,
// `full-without-experience` learns the same way but never recalls: the difference is what
// experience buys. Each (order, seed) starts from an empty store; the figure is the median over orders.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { seededRandom } from "../../agent/runtime";
import { experienceFrom, learnFromRun } from "../../experience/learn";
import { InMemoryLessonStore } from "../../experience/store";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { DEFAULT_SCENARIOS } from "./cli";
import { evaluateCase } from "./evaluate-case";
import { FAILURE_MODES, failureModeCounts } from "./failure-modes";
import { ARMS, type Arm, CATEGORIES, type CaseResult } from "./results";
import { demoDocuments } from "./run-case";
import { loadScenarios, type Scenario } from "./scenario";
import { wilson } from "./stats";

/** Fisher–Yates with a seeded source: order `n` is the same on every machine. */
export function shuffled<T>(items: readonly T[], order: number): T[] {
  const out = [...items];
  const next = seededRandom(10_007 * order);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export interface SequenceCase extends CaseResult {
  order: number;
  /** Position in its category's sequence (0: nothing learned yet). */
  position: number;
  recalled: number;
  lessonsAfter: number;
}

/** One category's scenarios in one order, for one arm and seed, sharing one lesson store. */
export async function runSequence(
  scenarios: readonly Scenario[],
  arm: Arm,
  seed: number,
  order: number,
  demo: Parameters<typeof evaluateCase>[3],
): Promise<SequenceCase[]> {
  const store = new InMemoryLessonStore();
  const out: SequenceCase[] = [];
  for (const [position, scenario] of shuffled(scenarios, order).entries()) {
    const { result, events } = await evaluateCase(scenario, arm, seed, demo, {
      experience: experienceFrom(store),
    });
    await learnFromRun(store, events, position);
    const recalled = events.filter((e) => e.type === "experience.recalled").length;
    out.push({ ...result, order, position, recalled, lessonsAfter: store.size });
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function sequenceMarkdown(
  cases: readonly SequenceCase[],
  arms: readonly Arm[],
  orders: number,
): string {
  const lines = [
    "| arm | success per order | median | 95% CI (pooled) | tool calls / run | lessons recalled / run | " +
      FAILURE_MODES.join(" | ") +
      " |",
    `|${" --- |".repeat(6 + FAILURE_MODES.length)}`,
  ];
  for (const arm of arms) {
    const mine = cases.filter((c) => c.arm === arm);
    const perOrder = Array.from({ length: orders }, (_, o) => {
      const xs = mine.filter((c) => c.order === o + 1);
      return xs.filter((c) => c.success).length / (xs.length || 1);
    });
    const ci = wilson(mine.filter((c) => c.success).length, mine.length);
    const modes = failureModeCounts(mine);
    const perRun = (f: (c: SequenceCase) => number) =>
      (mine.reduce((a, c) => a + f(c), 0) / (mine.length || 1)).toFixed(2);
    lines.push(
      `| ${arm} | ${perOrder.map(pct).join(", ")} | ${pct(median(perOrder))} | ${pct(ci.low)}–${pct(ci.high)} | ${perRun((c) => c.toolCalls)} | ${perRun((c) => c.recalled)} | ${FAILURE_MODES.map((m) => modes[m]).join(" | ")} |`,
    );
  }
  const later = (arm: Arm) => cases.filter((c) => c.arm === arm && c.position > 0);
  lines.push("", "Runs after the first of their sequence (the ones experience can help):", "");
  for (const arm of arms) {
    const xs = later(arm);
    lines.push(`- ${arm}: ${xs.filter((c) => c.success).length}/${xs.length} succeeded`);
  }
  return lines.join("\n");
}

const usage = `Usage: npm run bench:sequence -- [--scenarios <path>]... [--arms full,full-without-experience] [--seeds 3] [--orders 3] [--out <file.json>]`;

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenarios: { type: "string", multiple: true },
      arms: { type: "string", default: "full,full-without-experience" },
      seeds: { type: "string", default: "3" },
      orders: { type: "string", default: "3" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const arms = values.arms.split(",").map((a) => a.trim()) as Arm[];
  const seeds = Number(values.seeds);
  const orders = Number(values.orders);
  const bad = arms.filter((a) => !(ARMS as readonly string[]).includes(a));
  if (values.help || bad.length || !(seeds >= 1 && seeds <= 100) || !(orders >= 1 && orders <= 20)) {
    if (bad.length) console.error(`Unknown arm ${bad.join(", ")}: use ${ARMS.join(", ")}.`);
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const scenarios = await loadScenarios(values.scenarios?.length ? values.scenarios : [DEFAULT_SCENARIOS]);
  const demo = await demoDocuments((await loadLibraryFromDir(defaultLibraryDir)).library);
  const started = performance.now();
  const cases: SequenceCase[] = [];
  for (let order = 1; order <= orders; order++)
    for (const arm of arms)
      for (let seed = 1; seed <= seeds; seed++)
        for (const category of CATEGORIES) {
          const group = scenarios.filter((s) => s.category === category);
          if (group.length) cases.push(...(await runSequence(group, arm, seed, order, demo)));
        }
  const md = sequenceMarkdown(cases, arms, orders);
  console.log(
    `EF-Bench sequence mode: ${scenarios.length} scenarios × ${arms.length} arms × ${seeds} seeds × ${orders} orders = ${cases.length} runs in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  console.log(md);
  if (values.out)
    await writeFile(path.resolve(values.out), `${JSON.stringify({ arms, seeds, orders, cases }, null, 1)}\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      process.exit(1);
    },
  );
}
