import type { RunState, TaskState } from "@/lib/agent/state";

export interface Metric {
  label: string;
  a: number | string;
  b: number | string;
  /** b − a for numbers, so the table can say which way it moved. */
  delta: number | null;
}

export interface TaskPair {
  id: string;
  a: TaskState | null;
  b: TaskState | null;
  /** Monitor decisions about the task, by kind ("retry ×2"), in each run. */
  decisionsA: string;
  decisionsB: string;
  same: boolean;
}

export type DiffLine = { kind: "same" | "only-a" | "only-b"; text: string };

const succeeded = (s: RunState) => Object.values(s.tasks).filter((t) => t.status === "succeeded").length;
const wallMs = (s: RunState) =>
  s.startedAt !== null && s.updatedAt !== null ? s.updatedAt - s.startedAt : 0;

export function compareMetrics(a: RunState, b: RunState): Metric[] {
  const num = (label: string, f: (s: RunState) => number): Metric => ({
    label,
    a: f(a),
    b: f(b),
    delta: f(b) - f(a),
  });
  return [
    { label: "status", a: a.status, b: b.status, delta: null },
    num("tasks succeeded", succeeded),
    num("tasks in the final plan", (s) => s.taskOrder.length),
    num("tool calls", (s) => s.counters.toolCalls),
    num("model calls", (s) => s.counters.modelCalls),
    num("tokens", (s) => s.counters.tokens),
    num("cost (USD)", (s) => Number(s.counters.costUsd.toFixed(4))),
    num("iterations", (s) => s.counters.iterations),
    num("retries", (s) => s.counters.retries),
    num("repairs", (s) => s.counters.repairs),
    num("replans", (s) => s.counters.replans),
    num("wall time (s)", (s) => Math.round(wallMs(s) / 100) / 10),
  ];
}

function decisionSummary(s: RunState): Map<string, string> {
  const by = new Map<string, Map<string, number>>();
  for (const d of s.decisions) {
    if (!d.taskId) continue;
    const kinds = by.get(d.taskId) ?? new Map<string, number>();
    kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
    by.set(d.taskId, kinds);
  }
  return new Map(
    [...by].map(([id, kinds]) => [id, [...kinds].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(", ")]),
  );
}

/** Both final plans aligned by task id: a's order first, then tasks only b has, in b's order. */
export function alignTasks(a: RunState, b: RunState): TaskPair[] {
  const da = decisionSummary(a);
  const db = decisionSummary(b);
  const ids = [...a.taskOrder, ...b.taskOrder.filter((id) => !(id in a.tasks))];
  return ids.map((id) => {
    const ta = a.tasks[id] ?? null;
    const tb = b.tasks[id] ?? null;
    const decisionsA = da.get(id) ?? "";
    const decisionsB = db.get(id) ?? "";
    const same =
      ta !== null &&
      tb !== null &&
      ta.title === tb.title &&
      ta.tool === tb.tool &&
      ta.status === tb.status &&
      decisionsA === decisionsB;
    return { id, a: ta, b: tb, decisionsA, decisionsB, same };
  });
}

const LINE_CAP = 3_000;

/** A line diff (longest common subsequence); long reports are compared on their first 3,000 lines. */
export function diffLines(aText: string, bText: string): DiffLine[] {
  const a = aText.split("\n").slice(0, LINE_CAP);
  const b = bText.split("\n").slice(0, LINE_CAP);
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: LCS length of a[i..] and b[j..], in one flat array.
  const lcs = new Uint16Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * (m + 1) + j + 1] as number) + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j] as number, lcs[i * (m + 1) + j + 1] as number);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[(i + 1) * (m + 1) + j] as number) >= (lcs[i * (m + 1) + j + 1] as number)) {
      out.push({ kind: "only-a", text: a[i++] as string });
    } else {
      out.push({ kind: "only-b", text: b[j++] as string });
    }
  }
  while (i < n) out.push({ kind: "only-a", text: a[i++] as string });
  while (j < m) out.push({ kind: "only-b", text: b[j++] as string });
  return out;
}

/** The run's final report, or "" when it has none. */
export function reportOf(s: RunState): string {
  const id = s.outcome?.reportArtifactId ?? "report";
  const data = s.artifacts[id]?.data;
  return typeof data === "string" ? data : "";
}
