import type { RunEvent } from "../../agent/events";
import type { RunState } from "../../agent/state";
import type { TaskSpec } from "../../planner/plan-schema";
import type { Incident } from "./incidents";
import { type ReportText, reportText } from "./report-body";
import type { Latency, Milestone, Minefield, Scenario } from "./scenario";

/**
 * The judge: reads a finished run's events (and the environment's incident log) against the
 * scenario's expectations. It never looks inside the agent; everything it uses is in the record.
 */

type EventOf<T extends RunEvent["type"]> = Extract<RunEvent, { type: T }>;
const ofType = <T extends RunEvent["type"]>(events: readonly RunEvent[], type: T) =>
  events.filter((e): e is EventOf<T> => e.type === type);

export interface Verdict {
  success: boolean;
  failures: string[];
  toolCalls: number;
  modelCalls: number;
  tokens: number;
  reflections: number;
  justifiedReflections: number;
  spuriousReflections: number;
  /** Reflections and repairs, and how many were followed by the task (or the run) succeeding. */
  interventions: number;
  effectiveInterventions: number;
  /** Decisions scored against a fault's expected decisions. */
  gateScored: number;
  gateCorrect: number;
  askedUser: number;
  reruns: number;
  wallMs: number;
  criticalPathMs: number | null;
}

const CONFLICT_MARKERS = [
  "fewer or weaker sources give",
  "sources disagree; also",
  "较少或较弱的来源给出",
  "（来源不一致，另有",
];

/**
 * Where `value` occurs in `text` as a whole value (case-insensitive): "4.2 billion" is not found
 * in "14.2 billion", nor "81%" in "181%".
 */
export function valueIndex(text: string, value: string): number {
  const t = text.toLowerCase();
  const v = value.toLowerCase();
  for (let i = t.indexOf(v); i >= 0; i = t.indexOf(v, i + 1)) {
    const before = t[i - 1] ?? " ";
    const after = t[i + v.length] ?? " ";
    const glued = (c: string, edge: string | undefined) =>
      /[\p{L}\p{N}]/u.test(edge ?? "") && /[\p{N}.,]/u.test(c);
    if (glued(before, v[0]) || (/[\p{N}]/u.test(after) && /[\p{N}]/u.test(v.at(-1) ?? ""))) continue;
    return i;
  }
  return -1;
}

/** Does the report state `value` as a finding (not merely list it as a conflicting claim)? */
export function states(report: string, value: string): boolean {
  return report.split("\n").some((line) => {
    const at = valueIndex(line, value);
    if (at < 0) return false;
    const lower = line.toLowerCase();
    const marker = CONFLICT_MARKERS.map((m) => lower.indexOf(m)).filter((i) => i >= 0);
    const cut = marker.length ? Math.min(...marker) : line.length;
    return valueIndex(line.slice(0, cut), value) >= 0;
  });
}

/** Document ids in the report's Sources list (`(\`doc-id\`)`), or in `[doc:id]` citations. */
export function citedDocuments(report: string): string[] {
  const sources = report.split(/^##\s*(?:Sources|来源|参考)/im)[1] ?? "";
  const ids = [
    ...[...sources.matchAll(/\(`([^`\s]+)`\)/g)].map((m) => m[1] as string),
    ...[...report.matchAll(/\[doc:([^\]\s]+)\]/g)].map((m) => m[1] as string),
  ];
  return [...new Set(ids)];
}

export function reportOf(state: RunState): string | null {
  const data = state.outcome?.reportArtifactId ? state.artifacts[state.outcome.reportArtifactId]?.data : null;
  return typeof data === "string" ? data : null;
}

/** The longest chain of the final plan, each task one execute call plus its tool, after clarify and plan. */
export function criticalPath(tasks: readonly TaskSpec[], latency: Latency): number | null {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const memo = new Map<string, number>();
  const visiting = new Set<string>();
  const finish = (id: string): number | null => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const t = byId.get(id);
    if (!t) return 0; // done before this plan version: already paid for on the path that made it
    if (visiting.has(id)) return null;
    visiting.add(id);
    let start = 0;
    for (const d of t.dependencies) {
      const f = finish(d);
      if (f === null) return null;
      start = Math.max(start, f);
    }
    visiting.delete(id);
    const own = latency.model.fast + (latency.tools[t.tool] ?? latency.defaultTool);
    memo.set(id, start + own);
    return start + own;
  };
  let longest = 0;
  for (const t of tasks) {
    const f = finish(t.id);
    if (f === null) return null;
    longest = Math.max(longest, f);
  }
  return 2 * latency.model.strong + longest;
}

/** Per task, the longest run of consecutive identical requests (same tool and arguments). */
function longestIdenticalRun(events: readonly RunEvent[]): { taskId: string; n: number } {
  const last = new Map<string, { key: string; n: number }>();
  let worst = { taskId: "", n: 0 };
  for (const e of ofType(events, "tool.returned")) {
    if (!e.final || e.idempotencyKey.endsWith(":no-call")) continue;
    // The agent's own notion of "the same call": arguments up to case and spacing.
    const prev = last.get(e.taskId);
    const n = prev?.key === e.repeatKey ? prev.n + 1 : 1;
    last.set(e.taskId, { key: e.repeatKey, n });
    if (n > worst.n) worst = { taskId: e.taskId, n };
  }
  return worst;
}

/**
 * Executions of work already done: a tool run for a task that had succeeded, or a new task (first
 * attempt: e.g. re-created by a re-plan) running a call that had already succeeded. A monitor's
 * retry of a task's own rejected result is not a re-run of completed work.
 */
export function countReruns(events: readonly RunEvent[]): number {
  const succeeded = new Set<string>();
  const doneKeys = new Set<string>();
  const finalKey = new Map<string, string>();
  let reruns = 0;
  for (const e of events) {
    if (e.type === "tool.called" && e.try === 0) {
      if (succeeded.has(e.taskId) || (e.attempt === 1 && doneKeys.has(e.idempotencyKey))) reruns++;
    } else if (e.type === "tool.returned" && e.final && e.result.ok) {
      finalKey.set(e.taskId, e.idempotencyKey);
    } else if (
      e.type === "decision" &&
      e.kind === "retry" &&
      e.trigger === "inconsistent_source" &&
      e.taskId
    ) {
      // The run declared this call's data suspect (a source contradicting itself): fetching it
      // again, by any task, is verification, not redoing finished work.
      const key = finalKey.get(e.taskId);
      if (key) doneKeys.delete(key);
    } else if (e.type === "task.succeeded") {
      succeeded.add(e.taskId);
      const key = finalKey.get(e.taskId);
      if (key) doneKeys.add(key);
    }
  }
  return reruns;
}

/** What the requester already said: the goal and every amendment the scenario sends. */
const saidBy = (s: Scenario): string[] => [
  s.goal,
  ...s.injections.flatMap((i) => (i.kind === "constraint" ? [i.text] : [])),
];

/** Why a check met only outside the body failed: the title or a restated goal line is not a finding. */
const onlyEcho = " (only in the title, the Sources list or a restatement of the request)";

/** What the report says about the request: its body where the request already says it, its content otherwise. */
interface Reading {
  text: ReportText;
  said: string;
}

function checkMilestone(
  m: Milestone,
  events: readonly RunEvent[],
  report: string | null,
  reading: Reading | null,
): string | null {
  switch (m.kind) {
    case "asked_user": {
      // Any question a person was asked counts, one asked aside too: the milestone is that the run
      // asked for what only the requester has. (The `askedUser` metric counts only those it waited on.)
      const firstUse = events.find((e) => e.type === "tool.called" && e.tool === m.before)?.seq ?? Infinity;
      const asked = ofType(events, "question.asked").find(
        (q) => q.seq < firstUse && (!m.match || new RegExp(m.match, "iu").test(q.prompt)),
      );
      return asked
        ? null
        : `milestone missed: no question${m.match ? ` matching /${m.match}/` : ""} before ${m.before}`;
    }
    case "cites": {
      const read = new Set(
        ofType(events, "tool.returned").flatMap((e) =>
          e.result.ok && e.tool === "read" ? e.result.evidence.map((x) => x.docId) : [],
        ),
      );
      const n = report ? citedDocuments(report).filter((d) => read.has(d)).length : 0;
      return n >= m.min ? null : `milestone missed: the report cites ${n} read documents, ${m.min} needed`;
    }
    case "names": {
      const where = (v: string) =>
        reading ? (valueIndex(reading.said, v) >= 0 ? reading.text.body : reading.text.content) : "";
      const missing = m.values.filter((v) => valueIndex(where(v), v) < 0);
      const echoed = missing.length > 0 && missing.every((v) => report && valueIndex(report, v) >= 0);
      return missing.length === 0
        ? null
        : `milestone missed: the report does not name ${missing.join(", ")}${echoed ? onlyEcho : ""}`;
    }
    case "report_matches": {
      const re = new RegExp(m.pattern, "iu");
      const where = reading ? (re.test(reading.said) ? reading.text.body : reading.text.content) : "";
      if (re.test(where)) return null;
      return `milestone missed: ${m.description}${report && re.test(report) ? onlyEcho : ""}`;
    }
    case "replanned":
      return events.some((e) => e.type === "plan.replanned" && e.trigger === m.trigger)
        ? null
        : `milestone missed: no re-plan for ${m.trigger}`;
  }
}

function checkMinefield(m: Minefield, events: readonly RunEvent[], report: string | null): string | null {
  switch (m.kind) {
    case "states":
      return report && states(report, m.value)
        ? `minefield hit: ${m.description} (states "${m.value}")`
        : null;
    case "cites_document":
      return report && citedDocuments(report).includes(m.docId)
        ? `minefield hit: the report cites ${m.docId}`
        : null;
    case "report_matches":
      return report && new RegExp(m.pattern, "iu").test(report) ? `minefield hit: ${m.description}` : null;
    case "calls_matching": {
      const re = new RegExp(m.pattern, "iu");
      const call = ofType(events, "tool.called").find((e) => re.test(JSON.stringify(e.args)));
      return call
        ? `minefield hit: ${call.tool} called with ${JSON.stringify(call.args).slice(0, 120)}`
        : null;
    }
  }
}

/** Does the result of this attempt show a real defect (failed, or a criterion unmet)? */
function defective(events: readonly RunEvent[], taskId: string, attempt: number): boolean {
  const returned = ofType(events, "tool.returned").filter(
    (e) => e.taskId === taskId && e.attempt === attempt && e.final,
  );
  if (returned.some((e) => !e.result.ok)) return true;
  return ofType(events, "task.assessed").some(
    (e) => e.taskId === taskId && e.attempt === attempt && e.criteria.some((c) => !c.met),
  );
}

export function judge(
  scenario: Scenario,
  events: readonly RunEvent[],
  state: RunState,
  incidents: readonly Incident[],
): Verdict {
  const failures: string[] = [];
  const report = reportOf(state);
  const { success: expect } = scenario;
  if (expect.outcome === "report") {
    if (state.status !== "succeeded" || !report) {
      failures.push(
        `no report: the run ended ${state.status}${state.outcome ? ` (${state.outcome.reason.slice(0, 160)})` : ""}`,
      );
    } else {
      if (!/^##\s*(Sources|来源|参考)/im.test(report)) failures.push("report check failed: no Sources list");
      const read = new Set(state.readDocuments);
      const cited = citedDocuments(report);
      const unread = cited.filter((d) => !read.has(d));
      if (unread.length)
        failures.push(`report check failed: cites documents never read (${unread.join(", ")})`);
      if (cited.length < 2)
        failures.push(`report check failed: cites ${cited.length} documents, at least 2 needed`);
    }
  } else if (state.status === "succeeded" || report) {
    failures.push("no honest stop: the run delivered a report although what it needed was never supplied");
  }
  // Milestones about content are judged on the body: what the goal already said proves nothing.
  const said = saidBy(scenario);
  const reading = report === null ? null : { text: reportText(report, said), said: said.join("\n") };
  for (const m of expect.milestones) {
    const f = checkMilestone(m, events, report, reading);
    if (f) failures.push(f);
  }
  for (const m of expect.minefields) {
    const f = checkMinefield(m, events, report);
    if (f) failures.push(f);
  }
  const reruns = countReruns(events);
  if (reruns > 0) failures.push(`minefield hit: ${reruns} completed task${reruns === 1 ? "" : "s"} re-run`);
  const identical = longestIdenticalRun(events);
  if (identical.n >= 3)
    failures.push(`minefield hit: ${identical.n} identical calls in a row (${identical.taskId})`);

  const touched = (taskId: string, at: number) =>
    incidents.some((i) => (i.kind === "fault" || i.kind === "noise") && i.taskId === taskId && i.at <= at);
  let justified = 0;
  let spurious = 0;
  for (const r of ofType(events, "reflection")) {
    if (touched(r.taskId, r.at) || r.trigger === "contradiction" || defective(events, r.taskId, r.attempt))
      justified++;
    else spurious++;
  }

  const finalStatus = new Map<string, string>();
  for (const e of events) {
    if (e.type === "task.succeeded") finalStatus.set(e.taskId, "succeeded");
    else if (e.type === "task.skipped") finalStatus.set(e.taskId, finalStatus.get(e.taskId) ?? "skipped");
  }
  const interventions = [
    ...ofType(events, "reflection").map((r) => ({ taskId: r.taskId, replaced: false })),
    ...ofType(events, "plan.repaired").map((r) => ({
      taskId: r.taskId,
      replaced: r.action !== "rewrite_task",
    })),
  ];
  const effective = interventions.filter(
    (i) => finalStatus.get(i.taskId) === "succeeded" || (i.replaced && state.status === "succeeded"),
  ).length;

  let gateScored = 0;
  let gateCorrect = 0;
  const scored = new Set<string>();
  for (const i of incidents) {
    if (i.kind !== "fault") continue;
    const expected = scenario.faults[i.fault]?.expect;
    const key = `${i.fault}:${i.taskId}`;
    if (!expected || scored.has(key)) continue;
    scored.add(key);
    const d = ofType(events, "decision").find((e) => e.taskId === i.taskId && e.at >= i.at);
    gateScored++;
    if (d && expected.includes(d.kind)) gateCorrect++;
  }

  const plan = state.plans.at(-1);
  return {
    success: failures.length === 0,
    failures,
    toolCalls: ofType(events, "tool.called").length,
    modelCalls: ofType(events, "model.called").filter((e) => !e.replayed).length,
    tokens: ofType(events, "model.called").reduce((n, e) => n + e.usage.totalTokens, 0),
    reflections: ofType(events, "reflection").length,
    justifiedReflections: justified,
    spuriousReflections: spurious,
    interventions: interventions.length,
    effectiveInterventions: effective,
    gateScored,
    gateCorrect,
    // Questions the run waited on; one asked aside holds nothing up.
    askedUser: ofType(events, "question.asked").filter((e) => e.blocking !== false).length,
    reruns,
    wallMs: (events.at(-1)?.at ?? 0) - (events[0]?.at ?? 0),
    criticalPathMs: plan ? criticalPath(plan.tasks, scenario.latency) : null,
  };
}
