"use client";

import type { RunState } from "@/lib/agent/state";
import { type ChecklistResult, requestedItems } from "@/lib/monitor/checklist";

const LABEL: Record<ChecklistResult["status"] | "pending", string> = {
  covered: "✓ covered",
  gap_stated: "○ stated as a gap",
  missing: "✗ missing",
  pending: "… pending",
};

/**
 * What the person asked for, item by item, and where the report answers it: the requested-items
 * checklist. Before the report exists it lists the items still to deliver.
 */
export function ChecklistList({ state }: { state: RunState }) {
  const items: (Omit<ChecklistResult, "status"> & { status: ChecklistResult["status"] | "pending" })[] =
    state.checklist ??
    (state.spec
      ? requestedItems(state.spec).map((i) => ({ ...i, status: "pending" as const, evidence: "" }))
      : []);
  if (items.length === 0) return null;
  const missing = items.filter((i) => i.status === "missing").length;
  return (
    <details className="rep-checklist" data-testid="checklist" open={missing > 0}>
      <summary>
        Requested items: {items.length}
        {state.checklist
          ? missing
            ? `, ${missing} missing`
            : ", all answered"
          : " (checked when the report is done)"}
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col" className="rep-checklist-cell">
              Item
            </th>
            <th scope="col" className="rep-checklist-cell rep-checklist-status">
              Status
            </th>
            <th scope="col" className="rep-checklist-cell">
              Evidence
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} data-status={i.status}>
              <td className="rep-checklist-cell">
                <span className="muted">{i.kind}</span> {i.text}
              </td>
              <td className="rep-checklist-cell rep-checklist-status">{LABEL[i.status]}</td>
              <td className="rep-checklist-cell rep-checklist-evidence">{i.evidence}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
