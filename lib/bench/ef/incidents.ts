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
