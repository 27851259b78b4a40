"use client";

import { useId, useMemo, useState } from "react";
import type { RunEvent } from "@/lib/agent/events";
import { confidenceSeries, evictedEntries } from "@/lib/agent/history";
import type { RunState } from "@/lib/agent/state";
import { type EntryKind, EntryStatus, type MemoryEntry } from "@/lib/memory/entry";
import { Empty } from "../../ui/states";
import { EvictedEntryCard, MemoryEntryCard } from "./memory-entry-card";
import "./memory.css";

const groupLabel: Record<EntryKind, string> = {
  goal: "Goal",
  constraint: "Constraints",
  state: "State",
  subtask: "Subtasks",
  result: "Results",
  reflection: "Reflections",
  experience: "Experience (lessons from earlier runs)",
};
// The order a reader needs: what we want, the rules, where we are, the work, what it found, what it learned.
const kinds: EntryKind[] = ["goal", "constraint", "state", "subtask", "result", "reflection", "experience"];
const statuses = [...EntryStatus.options, "evicted"] as const;
type StatusFilter = "all" | (typeof statuses)[number];

export function MemoryPanel({ state, events }: { state: RunState; events: RunEvent[] }) {
  const [kind, setKind] = useState<"all" | EntryKind>("all");
  const [status, setStatus] = useState<StatusFilter>("all");
  const ids = useId();
  const series = useMemo(() => confidenceSeries(events), [events]);
  const evicted = useMemo(() => evictedEntries(events), [events]);

  const entries = state.memory.order
    .map((id) => state.memory.entries[id])
    .filter((e): e is MemoryEntry => !!e);
  const capacity = state.config.memoryCapacity;
  const over = entries.length > capacity;
  const common = {
    until: state.iteration,
    threshold: state.config.confidenceThreshold,
    grayZone: state.config.grayZone,
  };

  if (entries.length === 0 && evicted.length === 0) {
    return (
      <div className="mem" data-testid="memory-panel">
        <Empty title="Working memory is empty" testId="memory-empty">
          The goal, its constraints, subtasks and results are written here as the run starts.
        </Empty>
      </div>
    );
  }

  const matches = (e: { kind: string }, s: string) =>
    (kind === "all" || e.kind === kind) && (status === "all" || status === s);
  const shownEvicted = evicted.filter((e) => matches(e, "evicted"));
  const groups = kinds.map((k) => {
    const all = entries.filter((e) => e.kind === k);
    return { kind: k, all, shown: all.filter((e) => matches(e, e.status)) };
  });
  const filtered = kind !== "all" || status !== "all";
  const nothingShown = groups.every((g) => g.shown.length === 0) && shownEvicted.length === 0;

  return (
    <div className="mem" data-testid="memory-panel">
      <div className="mem-head">
        <div className="mem-capacity" data-testid="memory-capacity" data-over={over}>
          <span className="mem-capacity-label">
            <strong>
              {entries.length} / {capacity}
            </strong>{" "}
            entries
          </span>
          <span className="mem-capacity-bar" aria-hidden="true">
            <span
              className="mem-capacity-fill"
              style={{ width: `${Math.min(100, (entries.length / capacity) * 100)}%` }}
            />
          </span>
          {over && (
            <span className="mem-over">
              <span aria-hidden="true">⚠</span> over capacity: only finished entries can be evicted
            </span>
          )}
        </div>
        <fieldset className="mem-filters" aria-label="Filter memory entries">
          <label className="inline" htmlFor={`${ids}-kind`}>
            Kind
            <select
              id={`${ids}-kind`}
              value={kind}
              onChange={(e) => setKind(e.target.value as typeof kind)}
              data-testid="memory-filter-kind"
            >
              <option value="all">All kinds</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
          <label className="inline" htmlFor={`${ids}-status`}>
            Status
            <select
              id={`${ids}-status`}
              value={status}
              onChange={(e) => setStatus(e.target.value as StatusFilter)}
              data-testid="memory-filter-status"
            >
              <option value="all">All statuses</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          {filtered && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setKind("all");
                setStatus("all");
              }}
            >
              Clear filters
            </button>
          )}
        </fieldset>
        <p className="mem-legend muted">
          Sparklines: confidence from 0 to 1 by iteration; the dashed line is the acceptance threshold (
          {common.threshold}).
        </p>
      </div>

      {nothingShown && (
        <Empty title="No entries match these filters">
          Choose another kind or status, or clear the filters.
        </Empty>
      )}

      {groups
        .filter((g) => g.shown.length > 0)
        .map((g) => (
          <section key={g.kind} className="mem-group" aria-labelledby={`${ids}-${g.kind}`} data-kind={g.kind}>
            <h3 id={`${ids}-${g.kind}`} className="mem-group-title">
              {groupLabel[g.kind]}{" "}
              <span className="mem-count" data-testid="memory-group-count">
                {filtered && g.shown.length !== g.all.length
                  ? `${g.shown.length} of ${g.all.length}`
                  : g.all.length}
              </span>
            </h3>
            <ul className="mem-list">
              {g.shown.map((e) => (
                <MemoryEntryCard key={e.id} entry={e} points={series.get(e.id) ?? []} {...common} />
              ))}
            </ul>
          </section>
        ))}

      {shownEvicted.length > 0 && (
        <section
          className="mem-group mem-group-evicted"
          aria-labelledby={`${ids}-evicted`}
          data-kind="evicted"
        >
          <h3 id={`${ids}-evicted`} className="mem-group-title">
            Evicted{" "}
            <span className="mem-count" data-testid="memory-group-count">
              {shownEvicted.length !== evicted.length
                ? `${shownEvicted.length} of ${evicted.length}`
                : evicted.length}
            </span>
          </h3>
          <ul className="mem-list">
            {shownEvicted.map((e) => (
              <EvictedEntryCard
                key={`${e.id}@${e.seq}`}
                entry={e}
                points={(series.get(e.id) ?? []).filter((p) => p.seq < e.seq)}
                {...common}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
