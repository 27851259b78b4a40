"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useId, useMemo, useRef, useState } from "react";
import { Empty } from "@/components/ui/states";
import type { RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";
import { CostTable } from "./cost-table";
import { ModelCallDetail } from "./model-call-detail";
import {
  formatCount,
  formatMs,
  formatUsd,
  indexModelCalls,
  type ModelCallRow,
  orderedGroups,
} from "./model-call-stats";
import "./model-calls.css";

interface Props {
  state: RunState;
  /** Events up to the shown moment. */
  events: RunEvent[];
  /** Show this task's calls only (set from the task drawer); "" for every task. */
  task: string;
  onTaskChange: (taskId: string) => void;
  onSelectTask: (taskId: string) => void;
}

/**
 * Every model call of the run up to the shown moment: spend and latency by purpose, the calls
 * (virtualised: a long run makes thousands), and the selected call's prompt and reply.
 */
export function ModelCallsPanel({ state, events, task, onTaskChange, onSelectTask }: Props) {
  const deliverables = useMemo(
    () =>
      new Set(
        Object.values(state.tasks)
          .filter((t) => t.deliverable)
          .map((t) => t.id),
      ),
    [state.tasks],
  );
  const index = useMemo(() => indexModelCalls(events, deliverables), [events, deliverables]);
  const [group, setGroup] = useState("all");
  const [selected, setSelected] = useState<number | null>(null);
  const id = useId();
  const groups = useMemo(() => orderedGroups(index.byGroup), [index.byGroup]);
  const activeGroup = group !== "all" && index.byGroup.has(group) ? group : "all";
  const taskFilter = task.trim();
  const rows = useMemo(
    () =>
      index.rows.filter(
        (r) => (activeGroup === "all" || r.group === activeGroup) && (!taskFilter || r.taskId === taskFilter),
      ),
    [index.rows, activeGroup, taskFilter],
  );
  const chosen = rows.find((r) => r.seq === selected) ?? null;

  if (index.rows.length === 0) {
    return (
      <div className="mc" data-testid="model-calls-panel">
        <Empty title="No model calls yet">Each call the agent makes to its model appears here.</Empty>
      </div>
    );
  }
  return (
    <div className="mc" data-testid="model-calls-panel">
      <CostTable groups={groups} total={index.total} />
      <fieldset className="mc-bar" aria-label="Filter model calls">
        <label className="inline" htmlFor={`${id}-group`}>
          Purpose
          <select
            id={`${id}-group`}
            value={activeGroup}
            onChange={(e) => setGroup(e.target.value)}
            data-testid="model-calls-purpose"
          >
            <option value="all">All ({formatCount(index.rows.length)})</option>
            {groups.map(([g, t]) => (
              <option key={g} value={g}>
                {g} ({formatCount(t.calls)})
              </option>
            ))}
          </select>
        </label>
        <label className="inline" htmlFor={`${id}-task`}>
          Task
          <input
            id={`${id}-task`}
            type="text"
            value={task}
            onChange={(e) => onTaskChange(e.target.value)}
            placeholder="task id"
            size={10}
            spellCheck={false}
            autoComplete="off"
            data-testid="model-calls-task"
          />
        </label>
        <span className="muted mc-count" aria-live="polite" data-testid="model-calls-count">
          {rows.length === index.rows.length
            ? `${formatCount(rows.length)} calls`
            : `${formatCount(rows.length)} of ${formatCount(index.rows.length)}`}
        </span>
      </fieldset>
      {rows.length === 0 ? (
        <Empty title="No calls match">Change the purpose or task filter.</Empty>
      ) : (
        <CallList rows={rows} selected={chosen?.seq ?? null} onSelect={setSelected} />
      )}
      {chosen ? (
        <ModelCallDetail row={chosen} onSelectTask={onSelectTask} />
      ) : (
        <p className="muted mc-hint">Select a call to see the messages sent and the reply.</p>
      )}
    </div>
  );
}

function CallList({
  rows,
  selected,
  onSelect,
}: {
  rows: ModelCallRow[];
  selected: number | null;
  onSelect: (seq: number) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 30,
    overscan: 12,
    getItemKey: (i) => rows[i]?.seq ?? i,
  });
  return (
    <div ref={scrollRef} className="mc-scroll" data-testid="model-calls-scroll">
      <ul className="mc-list" aria-label="Model calls" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <CallRow
              key={row.seq}
              row={row}
              top={item.start}
              selected={row.seq === selected}
              onSelect={onSelect}
            />
          );
        })}
      </ul>
    </div>
  );
}

const CallRow = memo(function CallRow({
  row,
  top,
  selected,
  onSelect,
}: {
  row: ModelCallRow;
  top: number;
  selected: boolean;
  onSelect: (seq: number) => void;
}) {
  const e = row.event;
  return (
    <li className="mc-row" style={{ transform: `translateY(${top}px)` }}>
      <button
        type="button"
        className={`mc-row-btn ${selected ? "is-selected" : ""} ${e.error ? "is-error" : ""}`}
        aria-pressed={selected}
        onClick={() => onSelect(row.seq)}
        data-testid="model-call-row"
        data-seq={row.seq}
        data-purpose={row.group}
      >
        <span className="mono muted">#{row.seq}</span>
        <span className="mc-purpose">{row.group}</span>
        <span className="mono mc-task">
          {row.taskId ?? "—"}
          {row.attempt !== null && <span className="muted"> #{row.attempt}</span>}
        </span>
        <span className="mono mc-num">
          {formatCount(e.usage.promptTokens)}→{formatCount(e.usage.completionTokens)}
        </span>
        <span className="mono mc-num">{formatMs(e.latencyMs)}</span>
        <span className="mono mc-num mc-cost">{formatUsd(e.usage.costUsd)}</span>
        <span className="mc-flags">
          {e.error && <span className="mc-flag is-bad">{e.error.code}</span>}
          {e.repairRounds > 0 && <span className="mc-flag">repaired ×{e.repairRounds}</span>}
          {e.replayed && <span className="mc-flag">replayed</span>}
        </span>
      </button>
    </li>
  );
});
