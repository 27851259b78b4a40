import type { TaskSpec } from "@/lib/planner/plan-schema";

/** The parts of a task that change what it does; wording of `expectedOutput` alone does not count. */
export type ChangedField = "title" | "tool" | "input" | "dependencies" | "criteria" | "deliverable";
export type ChangeKind = "added" | "removed" | "changed" | "same";

export interface DiffRow {
  id: string;
  kind: ChangeKind;
  /** The task in the left (older) plan; null when added. */
  before: TaskSpec | null;
  /** The task in the right (newer) plan; null when removed. */
  after: TaskSpec | null;
  changes: ChangedField[];
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}

const fields: [ChangedField, (t: TaskSpec) => string][] = [
  ["title", (t) => t.title],
  ["tool", (t) => t.tool],
  ["input", (t) => canonical(t.input)],
  // Dependency order carries no meaning.
  ["dependencies", (t) => canonical([...t.dependencies].sort())],
  ["criteria", (t) => canonical(t.successCriteria)],
  ["deliverable", (t) => String(t.deliverable)],
];

export function changedFields(a: TaskSpec, b: TaskSpec): ChangedField[] {
  return fields.filter(([, read]) => read(a) !== read(b)).map(([name]) => name);
}

/**
 * Compare two plan versions task by task (matched by id). Rows follow the right plan's order; a
 * removed task is placed after the task that preceded it on the left, so it stays near its context.
 */
export function diffPlans(a: TaskSpec[], b: TaskSpec[]): DiffRow[] {
  const left = new Map(a.map((t) => [t.id, t]));
  const right = new Set(b.map((t) => t.id));
  const removedAfter = new Map<string | null, TaskSpec[]>();
  let anchor: string | null = null;
  for (const t of a) {
    if (right.has(t.id)) anchor = t.id;
    else removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), t]);
  }
  const removedRows = (key: string | null): DiffRow[] =>
    (removedAfter.get(key) ?? []).map((t) => ({
      id: t.id,
      kind: "removed",
      before: t,
      after: null,
      changes: [],
    }));

  const rows: DiffRow[] = removedRows(null);
  for (const t of b) {
    const before = left.get(t.id);
    if (!before) rows.push({ id: t.id, kind: "added", before: null, after: t, changes: [] });
    else {
      const changes = changedFields(before, t);
      rows.push({ id: t.id, kind: changes.length ? "changed" : "same", before, after: t, changes });
    }
    rows.push(...removedRows(t.id));
  }
  return rows;
}

/** The row's change as words, never colour alone: "added", "removed", "changed: tool, input", "same". */
export function describeChange(row: DiffRow): string {
  return row.kind === "changed" ? `changed: ${row.changes.join(", ")}` : row.kind;
}

export function countChanges(rows: DiffRow[]): Record<ChangeKind, number> {
  const counts: Record<ChangeKind, number> = { added: 0, removed: 0, changed: 0, same: 0 };
  for (const r of rows) counts[r.kind] += 1;
  return counts;
}
