import type { RunEvent } from "../../agent/events";
import type { LibraryDocument } from "../../tools/library/document";
import { type Incident, unfiredFaults } from "./incidents";
import { judge, reportOf } from "./judge";
import type { Arm } from "./results";
import { type RunCaseOptions, runCase } from "./run-case";
import type { Scenario } from "./scenario";

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);

function line(e: RunEvent, t0: number): string | null {
  const at = seconds(e.at - t0);
  switch (e.type) {
    case "goal.clarified":
      return `${at}  clarified   ${e.spec.deliverable}`;
    case "goal.amended":
      return `${at}  amended     "${e.text}" (${e.by})`;
    case "plan.validated":
    case "plan.replanned":
      return `${at}  plan v${e.version}     ${e.tasks.map((t) => t.id).join(" ")} (${e.trigger})`;
    case "plan.rejected":
      return `${at}  rejected    ${e.violations.map((v) => v.rule).join(", ")}`;
    case "plan.repaired":
      return `${at}  repaired    ${e.action} ${e.taskId}: ${e.reason.slice(0, 100)}`;
    case "iteration.started":
      return `${at}  iteration ${e.iteration}: ${e.taskIds.join(", ")}`;
    case "tool.returned":
      return e.final
        ? `${at}    ${e.taskId.padEnd(8)} ${e.tool} ${e.result.ok ? "ok" : e.result.code}${e.cached ? " (cached)" : ""}: ${e.result.summary.slice(0, 90)}`
        : null;
    case "decision":
      return e.trigger === "criteria_met"
        ? null
        : `${at}    ${String(e.taskId ?? "run").padEnd(8)} → ${e.kind} (${e.trigger}): ${e.reason.slice(0, 100)}`;
    case "question.asked":
      return `${at}  asked       ${e.prompt.slice(0, 120)}`;
    case "question.answered":
      return `${at}  answered    ${e.answer.slice(0, 120)} (${e.by})`;
    case "run.finished":
    case "run.failed":
    case "run.cancelled":
      return `${at}  ${e.type.padEnd(11)} ${e.reason.slice(0, 140)}`;
    default:
      return null;
  }
}

function incidentLine(i: Incident): string {
  if (i.kind === "fault") return `fault #${i.fault} ${i.faultKind} on ${i.tool} (${i.taskId})`;
  if (i.kind === "noise") return `noise ${i.noise} on ${i.purpose}${i.taskId ? ` (${i.taskId})` : ""}`;
  return `injection #${i.injection} ${i.injectionKind}`;
}

/** One case as a readable timeline with its verdict: for people writing or debugging scenarios. */
export async function traceCase(
  scenario: Scenario,
  arm: Arm,
  seed: number,
  demo: readonly LibraryDocument[],
  options: RunCaseOptions = {},
): Promise<string> {
  const run = await runCase(scenario, arm, seed, demo, options);
  const v = judge(scenario, run.events, run.state, run.incidents.items);
  const t0 = run.events[0]?.at ?? 0;
  const out = [`${scenario.id} × ${arm} × seed ${seed} — run ${run.runId}`];
  for (const e of run.events) {
    const l = line(e, t0);
    if (l) out.push(l);
  }
  out.push(`incidents: ${run.incidents.items.map(incidentLine).join("; ") || "none"}`);
  const unfired = unfiredFaults(scenario.faults, run.incidents.items);
  if (unfired.length) out.push(`faults never fired: ${unfired.join("; ")}`);
  for (const q of run.unanswered) out.push(`unanswered: ${q}`);
  out.push(
    `verdict: ${v.success ? "success" : "FAILED"}${v.failures.length ? ` — ${v.failures.join(" | ")}` : ""}`,
    `tool calls ${v.toolCalls} · model calls ${v.modelCalls} · tokens ${v.tokens} · wall ${(v.wallMs / 1000).toFixed(1)} s · critical path ${v.criticalPathMs === null ? "—" : `${(v.criticalPathMs / 1000).toFixed(1)} s`}`,
  );
  // The report itself: most verdicts (a figure missing, a value stated) are only understood by reading it.
  const report = reportOf(run.state);
  out.push(report === null ? "report: none" : `report:\n${report.trimEnd().replace(/^/gm, "  | ")}`);
  return out.join("\n");
}
