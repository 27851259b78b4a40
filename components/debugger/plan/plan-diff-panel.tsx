"use client";

import { useId, useMemo, useState } from "react";
import { Empty } from "@/components/ui/states";
import type { PlanVersion, RunState } from "@/lib/agent/state";
import { countChanges, diffPlans } from "./plan-diff";
import { PlanDiffRow } from "./plan-diff-row";
import "../dag/dag.css";

const versionLabel = (p: PlanVersion, latest: PlanVersion) =>
  `v${p.version} · ${p.kind}${p === latest ? " (latest)" : ""}`;

/**
 * "Plan vs final": what repairs and replans did to the plan. Defaults compare the first plan with
 * the latest one; either side can be any version. Selections are versions, not indexes, and fall
 * back to the defaults when time travel goes to before the chosen version existed.
 */
export function PlanDiffPanel({ state }: { state: RunState }) {
  const [leftChoice, setLeftChoice] = useState<number | null>(null);
  const [rightChoice, setRightChoice] = useState<number | null>(null);
  const [hideSame, setHideSame] = useState(false);
  const plans = state.plans;
  const first = plans[0];
  const latest = plans[plans.length - 1];
  const left = plans.find((p) => p.version === leftChoice) ?? first;
  const right = plans.find((p) => p.version === rightChoice) ?? latest;
  const rows = useMemo(() => (left && right ? diffPlans(left.tasks, right.tasks) : []), [left, right]);

  if (!first || !latest || !left || !right) {
    return (
      <div className="pd" data-testid="plan-diff">
        <Empty title="No plan yet" testId="plan-diff-empty">
          The plan appears here once the rules accept it; repairs and replans add versions to compare.
        </Empty>
      </div>
    );
  }

  const counts = countChanges(rows);
  const shown = hideSame ? rows.filter((r) => r.kind !== "same") : rows;
  return (
    <div className="pd" data-testid="plan-diff">
      <div className="pd-pickers">
        <VersionPicker
          label="Compare"
          plans={plans}
          latest={latest}
          value={left}
          onChange={setLeftChoice}
          testId="plan-left"
        />
        <VersionPicker
          label="with"
          plans={plans}
          latest={latest}
          value={right}
          onChange={setRightChoice}
          testId="plan-right"
        />
      </div>

      {plans.length === 1 ? (
        <p className="pd-notice" role="status">
          Only one plan version so far: nothing has been repaired or replanned.
        </p>
      ) : left === right ? (
        <p className="pd-notice" role="status">
          Both sides show v{left.version}: pick another version to see what changed.
        </p>
      ) : null}

      <div className="pd-summary">
        <span className="pd-count pd-added">
          <span aria-hidden="true">+</span> {counts.added} added
        </span>
        <span className="pd-count pd-removed">
          <span aria-hidden="true">−</span> {counts.removed} removed
        </span>
        <span className="pd-count pd-changed">
          <span aria-hidden="true">~</span> {counts.changed} changed
        </span>
        <span className="pd-count">{counts.same} unchanged</span>
        <label className="inline pd-hide">
          <input type="checkbox" checked={hideSame} onChange={(e) => setHideSame(e.target.checked)} /> Hide
          unchanged
        </label>
      </div>

      {shown.length === 0 ? (
        <Empty title={rows.length === 0 ? "Both plans are empty" : "No differences"}>
          {rows.length === 0 ? "Neither version has tasks." : "Every task is the same in both versions."}
        </Empty>
      ) : (
        <table className="pd-table">
          <thead>
            <tr>
              <th scope="col" className="pd-col-change">
                Change
              </th>
              <th scope="col">{versionLabel(left, latest)}</th>
              <th scope="col">
                {versionLabel(right, latest)}
                {right === latest && <span className="pd-th-note"> · status now</span>}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <PlanDiffRow
                key={`${row.kind}-${row.id}`}
                row={row}
                leftVersion={left.version}
                rightVersion={right.version}
                task={state.tasks[row.id]}
                showStatus={right === latest}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

interface PickerProps {
  label: string;
  plans: PlanVersion[];
  latest: PlanVersion;
  value: PlanVersion;
  onChange: (version: number) => void;
  testId: string;
}

function VersionPicker({ label, plans, latest, value, onChange, testId }: PickerProps) {
  const id = useId();
  return (
    <div className="pd-picker">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value.version}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid={testId}
      >
        {plans.map((p) => (
          <option key={p.version} value={p.version}>
            {versionLabel(p, latest)}
          </option>
        ))}
      </select>
      <dl className="pd-meta">
        <dt>Kind</dt>
        <dd>{value.kind}</dd>
        <dt>Trigger</dt>
        <dd className="mono">{value.trigger || "—"}</dd>
        <dt>Reason</dt>
        <dd>{value.reason || "—"}</dd>
        <dt>Tasks</dt>
        <dd>{value.tasks.length}</dd>
      </dl>
    </div>
  );
}
