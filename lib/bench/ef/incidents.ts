import type { BenchFault } from "./scenario";

/**
 * What the environment did to a run, kept outside the run (the agent never sees this log): the
 * judge uses it to tell justified reflections from spurious ones and to score gate decisions.
 */
export type Incident =
  | {
      kind: "fault";
      /** Index into the scenario's faults. */
      fault: number;
      faultKind: string;
      tool: string;
      taskId: string;
      /** Simulated time it fired. */
      at: number;
    }
  | { kind: "noise"; noise: string; purpose: string; taskId: string | null; at: number }
  | { kind: "injection"; injection: number; injectionKind: string; at: number };

export class IncidentLog {
  readonly items: Incident[] = [];
  add(incident: Incident): void {
    this.items.push(incident);
  }
}

/** A fault as people read it: `#1 permanent on read (docId px-x)`. */
export function describeFault(f: BenchFault, index: number): string {
  const match = Object.entries(f.match)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(", ");
  return `#${index} ${f.kind} on ${f.tool}${match ? ` (${match})` : ""}`;
}

/**
 * The scenario's faults that never fired in this run: the run did not make the call they match
 * (e.g. it never read that document), so the case did not test what its author meant it to.
 */
export function unfiredFaults(faults: readonly BenchFault[], incidents: readonly Incident[]): string[] {
  const fired = new Set(incidents.flatMap((i) => (i.kind === "fault" ? [i.fault] : [])));
  return faults.flatMap((f, i) => (fired.has(i) ? [] : [describeFault(f, i)]));
}
