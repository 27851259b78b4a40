import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { DecisionKind } from "../../agent/events";
import { DocId } from "../../tools/library/document";
import { Category } from "./results";
import { checkReferences, defaultReferences, type ScenarioReferences } from "./scenario-references";

/**
 * One EF-Bench scenario, one JSON file. Everything here belongs to the environment and the judge:
 * the agent under test sees the goal, the library and what the tools, the model and the reviewer
 * do to it, never this object.
 */

const Probability = z.number().min(0).max(1);

export const BenchDocument = z.strictObject({
  id: DocId,
  title: z.string().trim().min(1).max(300),
  lang: z.enum(["en", "zh"]).default("en"),
  tags: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
  published: z.iso.date().default("2025-01-01"),
  source: z.string().trim().min(1).max(300).default("EF-Bench scenario document"),
  text: z.string().min(1).max(50_000),
});
export type BenchDocument = z.infer<typeof BenchDocument>;

export const FaultMatch = z
  .strictObject({
    /** Only the nth call (1-based, every try counts) of this tool in the run. */
    nth: z.number().int().min(1).optional(),
    /** Only calls whose input contains this text (case-insensitive), e.g. a search query. */
    query: z.string().min(1).optional(),
    /** Only calls that read this document. */
    docId: DocId.optional(),
  })
  .default({});

export const BenchFault = z
  .strictObject({
    tool: z.string().min(1),
    match: FaultMatch,
    kind: z.enum(["transient", "permanent", "empty", "malformed", "corrupt", "slow"]),
    /** How many matching calls the fault hits before the tool works again; permanent faults never clear. */
    clearsAfter: z.number().int().min(1).max(50).default(1),
    /** corrupt: the true text and the plausible wrong one put in its place. */
    from: z.string().min(1).optional(),
    to: z.string().min(1).optional(),
    /** slow: extra simulated milliseconds; past the tool's timeout the call times out. */
    delayMs: z.number().int().min(1).max(600_000).optional(),
    /** The decisions a good monitor takes right after this fault hits a task (scores gate accuracy). */
    expect: z.array(DecisionKind).min(1).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.kind === "corrupt" && (!f.from || !f.to))
      ctx.addIssue({ code: "custom", path: ["from"], message: "a corrupt fault needs `from` and `to`" });
    if (f.kind === "slow" && !f.delayMs)
      ctx.addIssue({ code: "custom", path: ["delayMs"], message: "a slow fault needs `delayMs`" });
  });
export type BenchFault = z.infer<typeof BenchFault>;

export const ReviewerAnswer = z.strictObject({
  /** A regular expression (case-insensitive) tested against the question's text. */
  match: z.string().min(1),
  answer: z.string().trim().min(1).max(4_000),
});

export const Reviewer = z
  .strictObject({
    name: z.string().min(1).max(80).default("sim-reviewer"),
    /** Questions no entry matches get no answer: the run must then end honestly. */
    answers: z.array(ReviewerAnswer).max(20).default([]),
  })
  .prefault({});

export const Injection = z.discriminatedUnion("kind", [
  /** The user changes the requirements after `afterIteration` iterations. */
  z.strictObject({
    kind: z.literal("constraint"),
    afterIteration: z.number().int().min(0).max(1_000),
    text: z.string().trim().min(1).max(4_000),
    by: z.string().min(1).max(80).default("analyst"),
  }),
  /** Documents appear in the library after `afterIteration` iterations. */
  z.strictObject({
    kind: z.literal("distractor"),
    afterIteration: z.number().int().min(0).max(1_000),
    documents: z.array(BenchDocument).min(1).max(20),
  }),
  /** From then on, every tool result carries this line (an "also cover X" pull away from the goal). */
  z.strictObject({
    kind: z.literal("pull"),
    afterIteration: z.number().int().min(0).max(1_000),
    text: z.string().trim().min(1).max(1_000),
  }),
]);
export type Injection = z.infer<typeof Injection>;

export const Persona = z
  .strictObject({
    /** Probability per reply that it is not valid JSON. */
    malformedJson: Probability.default(0),
    /** Per plan: a task is made to wait for the deliverable (a cycle). */
    cyclicPlan: Probability.default(0),
    /** Per plan: the deliverable task is left out. */
    dropDeliverable: Probability.default(0),
    /** Per plan: tasks about `offGoalTopics` are added. */
    offGoalTasks: Probability.default(0),
    offGoalTopics: z.array(z.string().min(1).max(200)).max(5).default(["celebrity gossip"]),
    /** Per retry: the previous attempt's call is repeated word for word, ignoring any hint. */
    repeatLastCall: Probability.default(0),
    /** Per assessment: the model accepts whatever it is shown. */
    overconfident: Probability.default(0),
  })
  .prefault({});
export type Persona = z.infer<typeof Persona>;

export const Latency = z
  .strictObject({
    model: z
      .strictObject({
        fast: z.number().int().min(0).max(600_000).default(400),
        strong: z.number().int().min(0).max(600_000).default(1_200),
      })
      .prefault({}),
    /** Per tool name; tools not listed take `defaultTool`. */
    tools: z.record(z.string(), z.number().int().min(0).max(600_000)).default({
      search: 300,
      read: 600,
      extract: 200,
      write: 100,
      check_citations: 100,
      compose_report: 300,
    }),
    defaultTool: z.number().int().min(0).max(600_000).default(200),
  })
  .prefault({});
export type Latency = z.infer<typeof Latency>;

export const Milestone = z.discriminatedUnion("kind", [
  /** A question reached a person before the first call of `before` (default: the report). */
  z.strictObject({
    kind: z.literal("asked_user"),
    before: z.string().default("compose_report"),
    /** A regular expression the question must match (case-insensitive). */
    match: z.string().optional(),
  }),
  /** The report cites at least `min` documents that the run read. */
  z.strictObject({ kind: z.literal("cites"), min: z.number().int().min(1).max(50) }),
  /** The report names every one of these (case-insensitive). */
  z.strictObject({ kind: z.literal("names"), values: z.array(z.string().min(1)).min(1) }),
  /** The report matches this regular expression (case-insensitive). */
  z.strictObject({
    kind: z.literal("report_matches"),
    pattern: z.string().min(1),
    description: z.string().min(1),
  }),
  /** The plan was revised for this reason (a plan trigger such as requirements_changed). */
  z.strictObject({ kind: z.literal("replanned"), trigger: z.string().min(1) }),
]);
export type Milestone = z.infer<typeof Milestone>;

export const Minefield = z.discriminatedUnion("kind", [
  /** The report states this text (a corrupted or invented figure). */
  z.strictObject({ kind: z.literal("states"), value: z.string().min(1), description: z.string().min(1) }),
  /** The report cites this document. */
  z.strictObject({ kind: z.literal("cites_document"), docId: DocId }),
  /** A tool call's input matches this regular expression (case-insensitive): work off the goal. */
  z.strictObject({ kind: z.literal("calls_matching"), pattern: z.string().min(1) }),
  /** The report matches this regular expression (case-insensitive): e.g. a figure for something no source gives (invented). */
  z.strictObject({
    kind: z.literal("report_matches"),
    pattern: z.string().min(1),
    description: z.string().min(1),
  }),
]);
export type Minefield = z.infer<typeof Minefield>;

export const Success = z
  .strictObject({
    /** `report`: the run must finish with a report. `honest_stop`: it must end without one. */
    outcome: z.enum(["report", "honest_stop"]).default("report"),
    milestones: z.array(Milestone).max(20).default([]),
    /** Always on as well: re-running a completed task, 3 identical calls in a row. */
    minefields: z.array(Minefield).max(20).default([]),
    /** A person's input is needed to succeed (scores ask_user recall and precision). */
    needsUser: z.boolean().default(false),
  })
  .prefault({});
export type Success = z.infer<typeof Success>;

export const Scenario = z.strictObject({
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,80}$/, "use lower-case letters, digits and '-'"),
  category: Category,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2_000).default(""),
  goal: z.string().trim().min(1).max(4_000),
  library: z
    .strictObject({
      /** `demo`: the 36-document demo library; `empty`: only `add`. */
      base: z.enum(["demo", "empty"]).default("demo"),
      add: z.array(BenchDocument).max(50).default([]),
      remove: z.array(DocId).max(50).default([]),
    })
    .prefault({}),
  faults: z.array(BenchFault).max(20).default([]),
  reviewer: Reviewer,
  injections: z.array(Injection).max(10).default([]),
  persona: Persona,
  latency: Latency,
  success: Success,
});
export type Scenario = z.infer<typeof Scenario>;

/** The scenario format as JSON Schema (draft 2020-12), for editors and for people writing scenarios. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Scenario, { io: "input", target: "draft-2020-12" }) as Record<string, unknown>;
}

/** A scenario file that cannot be used: which file, which field, why. */
export class ScenarioError extends Error {
  override readonly name = "ScenarioError";
  constructor(
    readonly file: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${file}: ${field || "(file)"}: ${reason}`);
  }
}

const regexFields = (s: Scenario): [string, string][] => [
  ...s.reviewer.answers.map((a, i): [string, string] => [`reviewer.answers.${i}.match`, a.match]),
  ...s.success.milestones.flatMap((m, i): [string, string][] =>
    m.kind === "report_matches"
      ? [[`success.milestones.${i}.pattern`, m.pattern]]
      : m.kind === "asked_user" && m.match
        ? [[`success.milestones.${i}.match`, m.match]]
        : [],
  ),
  ...s.success.minefields.flatMap((m, i): [string, string][] =>
    m.kind === "calls_matching" || m.kind === "report_matches"
      ? [[`success.minefields.${i}.pattern`, m.pattern]]
      : [],
  ),
];

/** Parse one scenario file's text; every problem is a ScenarioError naming the field. */
export function parseScenario(text: string, file: string): Scenario {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError(file, "", `not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const r = Scenario.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    // zod reports an unknown key at its parent's path; name the key itself.
    const path = [
      ...(issue?.path ?? []),
      ...(issue?.code === "unrecognized_keys" ? issue.keys.slice(0, 1) : []),
    ];
    throw new ScenarioError(file, path.join("."), issue?.message ?? "invalid");
  }
  for (const [field, pattern] of regexFields(r.data)) {
    try {
      new RegExp(pattern, "iu");
    } catch (e) {
      throw new ScenarioError(file, field, `not a valid regular expression (${(e as Error).message})`);
    }
  }
  return r.data;
}

const MAX_SCENARIO_BYTES = 1_000_000;

/**
 * Load scenarios from files and folders (a folder: every *.json in it, not recursive), from any
 * path. Ids must be unique across all of them, and every tool and document a fault names must
 * exist (`references`: the research tools and the demo library unless given).
 */
export async function loadScenarios(
  sources: readonly string[],
  references?: ScenarioReferences,
): Promise<Scenario[]> {
  const files: string[] = [];
  for (const src of sources) {
    const abs = path.resolve(src);
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(abs);
    } catch {
      throw new ScenarioError(src, "", "no such file or folder");
    }
    if (info.isDirectory()) {
      const names = (await readdir(abs)).filter((n) => n.endsWith(".json")).sort();
      if (names.length === 0) throw new ScenarioError(src, "", "the folder holds no .json scenario");
      files.push(...names.map((n) => path.join(abs, n)));
    } else files.push(abs);
  }
  const refs = references ?? (await defaultReferences());
  const seen = new Map<string, string>();
  const out: Scenario[] = [];
  for (const file of files) {
    const info = await stat(file);
    if (info.size > MAX_SCENARIO_BYTES) throw new ScenarioError(file, "", "larger than 1 MB");
    const s = parseScenario(await readFile(file, "utf8"), file);
    const other = seen.get(s.id);
    if (other) throw new ScenarioError(file, "id", `"${s.id}" is already used by ${other}`);
    checkReferences(s, file, refs);
    seen.set(s.id, file);
    out.push(s);
  }
  return out;
}
