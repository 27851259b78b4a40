import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { DecisionKind, type RunEvent } from "../../agent/events";
import type { ObjectRequest, ToolCallRequest } from "../../llm/chat-model";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { ARMS, type Arm, CATEGORIES } from "./results";
import { type CaseRun, demoDocuments, runCase } from "./run-case";
import { loadScenarios, type Milestone, type Minefield, Scenario } from "./scenario";

/**
 * "Nothing in the agent may read a scenario's id, expectations or fault list." Checked twice: no
 * agent module reaches lib/bench, and a scenario whose judge-only fields carry a canary runs
 * without the canary ever reaching the record or the model, and exactly as the original does.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, "../../..");
const BENCH = path.join(ROOT, "lib", "bench");
const AGENT_DIRS = ["agent", "monitor", "planner", "memory", "llm", "tools"].map((d) =>
  path.join(ROOT, "lib", d),
);

// ---------------------------------------------------------------------------------------------
// Static: the import graph of the agent never reaches lib/bench.

const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[\w*${}\s,]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every module specifier in a source text: static, type-only, re-export, side-effect, dynamic, require. */
function specifiers(source: string): string[] {
  return [...new Set(SPECIFIERS.flatMap((re) => [...source.matchAll(re)].map((m) => m[1] as string)))];
}

/** Where a specifier points in the project (a path, resolved to a file when there is one); null for packages. */
function target(fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith("/")) base = spec;
  else return null;
  const stem = base.replace(/\.(?:js|mjs|cjs|jsx)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, "index.ts")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

const inBench = (p: string) => p === BENCH || p.startsWith(`${BENCH}${path.sep}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(?:ts|tsx|mts)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")
      ? [full]
      : [];
  });
}

/** Follow imports from `roots` through the whole project; every path into lib/bench, as a chain. */
function benchReach(roots: readonly string[]): string[] {
  const via = new Map<string, string | null>(roots.map((r) => [r, null]));
  const queue = [...roots];
  const found: string[] = [];
  const chain = (file: string): string[] => {
    const up = via.get(file);
    return up ? [...chain(up), path.relative(ROOT, file)] : [path.relative(ROOT, file)];
  };
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      const to = target(file, spec);
      if (!to) continue;
      if (inBench(to)) {
        found.push(`${chain(file).join(" → ")} → ${spec}`);
        continue;
      }
      if (!via.has(to) && /\.(?:ts|tsx|mts)$/.test(to) && existsSync(to) && !to.includes("node_modules")) {
        via.set(to, file);
        queue.push(to);
      }
    }
  }
  return found;
}

describe("static: the agent does not import the bench", () => {
  const roots = AGENT_DIRS.flatMap(sourceFiles);

  it("finds the agent's modules and their imports", () => {
    expect(roots.length).toBeGreaterThan(50);
    expect(roots.every((f) => !f.endsWith(".test.ts"))).toBe(true);
    // The detector sees every form of import, and resolves relative and aliased paths into lib/bench.
    const agentFile = path.join(ROOT, "lib", "agent", "loop.ts");
    const fixture = [
      'import { judge } from "../bench/ef/judge";',
      'import type {\n  Scenario,\n  Milestone,\n} from "@/lib/bench/ef/scenario";',
      'export * from "../bench/ef/incidents";',
      'import "../bench/ef/arms";',
      'const s = await import("../bench/ef/scenario");',
      'const r = require("../bench/ef/results");',
      'import { z } from "zod";',
      'import { reduce } from "./reducer";',
    ].join("\n");
    const specs = specifiers(fixture);
    expect(specs).toHaveLength(8);
    const toBench = specs.filter((s) => {
      const t = target(agentFile, s);
      return t !== null && inBench(t);
    });
    expect(toBench).toEqual([
      "../bench/ef/judge",
      "@/lib/bench/ef/scenario",
      "../bench/ef/incidents",
      "../bench/ef/arms",
      "../bench/ef/scenario",
      "../bench/ef/results",
    ]);
    expect(target(agentFile, "./reducer")).toBe(path.join(ROOT, "lib", "agent", "reducer.ts"));
  });

  it("no module of agent, monitor, planner, memory, llm or tools reaches lib/bench, directly or not", () => {
    expect(benchReach(roots)).toEqual([]);
  });

  it("no module of the agent names a bench path (no reading scenario files behind the imports)", () => {
    const named = roots.filter((f) => /(?:^|[/"'`])bench\/ef\b|\blib\/bench\b/.test(readFileSync(f, "utf8")));
    expect(named.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Runtime: a canary in every judge-only field never reaches the agent.

const CANARY = "canary-9d2c";
const SOURCES = ["tf-permanent-read", "mi-missing-fact-answered"] as const;

/** The same expectation with the canary in every text and different values everywhere else. */
function canaryMilestone(m: Milestone): Milestone {
  switch (m.kind) {
    case "asked_user":
      return { ...m, before: `${CANARY}-tool`, match: `(?:${m.match ?? "."})|${CANARY}` };
    case "cites":
      return { ...m, min: m.min + 7 };
    case "names":
      return { ...m, values: [...m.values.map((v) => `${v} ${CANARY}`), CANARY] };
    case "report_matches":
      return { ...m, pattern: `(?:${m.pattern})|${CANARY}`, description: `${m.description} ${CANARY}` };
    case "replanned":
      return { ...m, trigger: `${m.trigger}-${CANARY}` };
  }
}

function canaryMinefield(m: Minefield): Minefield {
  switch (m.kind) {
    case "states":
      return { ...m, value: `${m.value} ${CANARY}`, description: `${m.description} ${CANARY}` };
    case "cites_document":
      return { ...m, docId: `${CANARY}-${m.docId}` };
    case "calls_matching":
      return { ...m, pattern: `(?:${m.pattern})|${CANARY}` };
    case "report_matches":
      return { ...m, pattern: `(?:${m.pattern})|${CANARY}`, description: `${m.description} ${CANARY}` };
  }
}

/**
 * A copy of `s` that differs only in what belongs to the judge: id, title, description, category,
 * every expectation, each fault's expected decisions. Goal, library, faults' behaviour, reviewer
 * answers, injections, persona and latency (what makes the world) stay as they are.
 */
function withCanary(s: Scenario): Scenario {
  const c = structuredClone(s);
  c.id = `${CANARY}-${s.id}`;
  c.title = `${s.title} ${CANARY.toUpperCase()}`;
  c.description = `${s.description} ${CANARY}`;
  c.category = CATEGORIES.find((k) => k !== s.category) ?? s.category;
  c.faults = c.faults.map((f) => ({
    ...f,
    expect: DecisionKind.options.filter((k) => !f.expect?.includes(k)),
  }));
  c.success = {
    outcome: s.success.outcome === "report" ? "honest_stop" : "report",
    needsUser: !s.success.needsUser,
    milestones: [
      ...s.success.milestones.map(canaryMilestone),
      { kind: "report_matches", pattern: CANARY, description: `mentions ${CANARY}` },
      { kind: "asked_user", before: CANARY, match: CANARY },
    ],
    minefields: [
      ...s.success.minefields.map(canaryMinefield),
      { kind: "states", value: CANARY, description: CANARY },
      { kind: "cites_document", docId: CANARY },
      { kind: "calls_matching", pattern: CANARY },
    ],
  };
  return Scenario.parse(c);
}

interface Observed {
  run: CaseRun;
  /** What the agent told the model: messages, structured context and tool definitions. */
  requests: unknown[];
}

const observed = new Map<string, Observed>();
const key = (id: string, arm: Arm, canary: boolean) => `${id}/${arm}/${canary ? "canary" : "original"}`;
const originals = new Map<string, Scenario>();

beforeAll(async () => {
  const all = await loadScenarios([path.join(here, "scenarios")]);
  const { library } = await loadLibraryFromDir(defaultLibraryDir);
  const demo = await demoDocuments(library);
  for (const id of SOURCES) {
    const original = all.find((s) => s.id === id);
    if (!original) throw new Error(`bundled scenario ${id} is missing`);
    originals.set(id, original);
    for (const arm of ARMS) {
      for (const [canary, scenario] of [
        [false, original],
        [true, withCanary(original)],
      ] as const) {
        const requests: unknown[] = [];
        const onModelRequest = (r: ObjectRequest<unknown> | ToolCallRequest) =>
          requests.push({ messages: r.messages, context: r.context, tools: "tools" in r ? r.tools : null });
        const run = await runCase(scenario, arm, 1, demo, { onModelRequest });
        observed.set(key(id, arm, canary), { run, requests });
      }
    }
  }
}, 60_000);

const get = (id: string, arm: Arm, canary: boolean) => observed.get(key(id, arm, canary)) as Observed;
/** The JSON of a record with this run's id put out of the way, so two runs can be compared. */
const comparable = (x: unknown, runId: string) => JSON.stringify(x).split(runId).join("<run-id>");
const cases = SOURCES.flatMap((id) => ARMS.map((arm) => [id, arm] as const));

describe("runtime: a canary in the judge-only fields", () => {
  it("is everywhere the judge looks, and the canary scenario is still valid", () => {
    for (const id of SOURCES) {
      const c = withCanary(originals.get(id) as Scenario);
      const judgeOnly = JSON.stringify({ id: c.id, title: c.title, d: c.description, s: c.success });
      expect(judgeOnly.toLowerCase().split(CANARY).length - 1).toBeGreaterThanOrEqual(8);
      // …and nowhere the world is made from.
      const world = JSON.stringify({ ...c, id: 0, title: 0, description: 0, success: 0 });
      expect(world.toLowerCase()).not.toContain(CANARY);
    }
    // The sources have what the check needs: a fault with expected decisions, a reviewer, milestones.
    const sources = SOURCES.map((id) => originals.get(id) as Scenario);
    expect(sources.some((s) => s.faults.some((f) => f.expect))).toBe(true);
    expect(sources.some((s) => s.reviewer.answers.length > 0)).toBe(true);
    expect(sources.every((s) => s.success.milestones.length > 0)).toBe(true);
  });

  it.each(cases)("%s / %s: never reaches a recorded event", (id, arm) => {
    const { run } = get(id, arm, true);
    expect(run.events.length).toBeGreaterThan(10);
    expect(JSON.stringify(run.events).toLowerCase()).not.toContain(CANARY);
    expect(JSON.stringify(run.state).toLowerCase()).not.toContain(CANARY);
  });

  it.each(cases)("%s / %s: never reaches a model request", (id, arm) => {
    const { requests } = get(id, arm, true);
    expect(requests.length).toBeGreaterThan(3);
    expect(JSON.stringify(requests).toLowerCase()).not.toContain(CANARY);
  });

  it.each(cases)("%s / %s: changes nothing the agent does", (id, arm) => {
    const original = get(id, arm, false);
    const canary = get(id, arm, true);
    expect(comparable(canary.run.events, canary.run.runId)).toBe(
      comparable(original.run.events, original.run.runId),
    );
    expect(comparable(canary.requests, canary.run.runId)).toBe(
      comparable(original.requests, original.run.runId),
    );
  });

  it("the run id the agent sees carries nothing readable of the scenario id", () => {
    for (const [id, arm] of cases) {
      const { run } = get(id, arm, true);
      const seen = new Set(run.events.map((e: RunEvent) => e.runId));
      expect(seen).toEqual(new Set([run.runId]));
      const runId = run.runId.toLowerCase();
      expect(runId).not.toContain(CANARY);
      expect(runId).not.toContain(id);
      // No word of the id either (pure hex words could turn up in a hash by chance).
      const words = `${CANARY}-${id}`.split("-").filter((w) => w.length >= 4 && !/^[0-9a-f]+$/.test(w));
      expect(words.length).toBeGreaterThan(2);
      for (const w of words) expect(runId).not.toContain(w);
    }
  });

  it("the original runs met the faults and questions the comparison needs", () => {
    const permanent = get("tf-permanent-read", "full", false).run;
    expect(permanent.incidents.items.some((i) => i.kind === "fault")).toBe(true);
    const answered = get("mi-missing-fact-answered", "full", false).run;
    expect(answered.events.some((e) => e.type === "question.answered")).toBe(true);
  });
});
