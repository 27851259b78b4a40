"use client";

import { ToolFault } from "@/lib/tools/faults";
import styles from "./runs.module.css";

/** The tools a plan can call; a fault on any other name would never fire. */
const TOOLS = ["search", "read", "extract", "write", "compose_report", "check_citations"] as const;
const KINDS = ToolFault.shape.kind.options;
const KIND_TEXT: Record<(typeof KINDS)[number], string> = {
  permanent: "fails for good (the monitor repairs the plan)",
  transient: "times out (the executor retries)",
  empty: "returns nothing (low confidence)",
};

export interface FaultRow {
  tool: string;
  taskId: string;
  kind: (typeof KINDS)[number];
  times: string;
}

export const newFault = (): FaultRow => ({ tool: "read", taskId: "", kind: "permanent", times: "1" });

/** The rows as `config.faults` takes them (a blank task means any task). */
export const faultsFrom = (rows: FaultRow[]) =>
  rows.map((r) => ({
    tool: r.tool,
    kind: r.kind,
    times: Number(r.times),
    ...(r.taskId.trim() ? { taskId: r.taskId.trim() } : {}),
  }));

/**
 * Faults injected into tools for this run (chaos testing): see the monitor, repair and retries
 * act on a failure you chose, without editing JSON.
 */
export function FaultEditor({ rows, onChange }: { rows: FaultRow[]; onChange: (rows: FaultRow[]) => void }) {
  const set = (i: number, patch: Partial<FaultRow>) =>
    onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className={styles.settingsGroup} data-testid="fault-editor">
      <legend>Injected faults (for testing how the run copes)</legend>
      {rows.length === 0 && <p className={styles.hint}>None: every tool works normally.</p>}
      {rows.map((r, i) => {
        const id = `fault-${i}`;
        return (
          // A row has no identity but its place; rows are only appended or removed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={i} className={styles.faultRow} data-testid="fault-row">
            <label htmlFor={`${id}-tool`}>
              Tool
              <select id={`${id}-tool`} value={r.tool} onChange={(e) => set(i, { tool: e.target.value })}>
                {TOOLS.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <label htmlFor={`${id}-task`}>
              Task id
              <input
                id={`${id}-task`}
                value={r.taskId}
                placeholder="any"
                size={6}
                maxLength={40}
                onChange={(e) => set(i, { taskId: e.target.value })}
              />
            </label>
            <label htmlFor={`${id}-kind`}>
              Kind
              <select
                id={`${id}-kind`}
                value={r.kind}
                onChange={(e) => set(i, { kind: e.target.value as FaultRow["kind"] })}
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={`${id}-times`}>
              Times
              <input
                id={`${id}-times`}
                type="number"
                min={1}
                max={100}
                value={r.times}
                onChange={(e) => set(i, { times: e.target.value })}
              />
            </label>
            <span className={styles.hint}>{KIND_TEXT[r.kind]}</span>
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={`Remove fault ${i + 1}`}
              onClick={() => onChange(rows.filter((_, k) => k !== i))}
            >
              ✕
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="btn"
          data-testid="fault-add"
          disabled={rows.length >= 20}
          onClick={() => onChange([...rows, newFault()])}
        >
          Add fault
        </button>
      </div>
    </fieldset>
  );
}
