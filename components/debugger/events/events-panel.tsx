"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useDeferredValue, useId, useMemo, useRef, useState } from "react";
import type { RunEvent } from "@/lib/agent/events";
import { Empty } from "../../ui/states";
import { filterEvents, taskOf } from "./event-filter";
import { EventRow } from "./event-row";
import "./events.css";

/**
 * The raw event log. Only the rows in view are in the DOM (a run can hold tens of thousands of
 * events), filters are one pass over the array, and the task filter is deferred so typing stays
 * responsive while the list catches up. The whole log is listed while scrubbed: the shown moment
 * is marked and what came after it is dimmed, so clicking rows moves through time without the
 * list shrinking under the pointer.
 */
export function EventsPanel({
  events,
  shownSeq,
  onScrub,
  onSelectTask,
}: {
  events: RunEvent[];
  /** The moment the debugger shows. */
  shownSeq: number;
  onScrub: (seq: number) => void;
  onSelectTask: (taskId: string) => void;
}) {
  const [type, setType] = useState("all");
  const [taskInput, setTaskInput] = useState("");
  const [textInput, setTextInput] = useState("");
  const task = useDeferredValue(taskInput.trim().toLowerCase());
  const text = useDeferredValue(textInput);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const types = useMemo(() => {
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [events]);
  // Time travel can go back before the chosen type first occurred: then nothing is filtered out.
  const activeType = type !== "all" && types.some(([t]) => t === type) ? type : "all";

  const shown = useMemo(
    () => filterEvents(events, { type: activeType, task, text }),
    [events, activeType, task, text],
  );
  const start = events[0]?.at ?? 0;

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 30,
    overscan: 16,
    getItemKey: (i) => shown[i]?.seq ?? i,
    // A live run appends at the end: a reader parked at the bottom keeps following it (tail -f).
    anchorTo: "end",
    followOnAppend: true,
  });

  // Stable, so rows already on screen are not re-rendered when one of them opens.
  const toggle = useCallback(
    (seq: number) =>
      setOpen((prev) => {
        const next = new Set(prev);
        if (!next.delete(seq)) next.add(seq);
        return next;
      }),
    [],
  );

  if (events.length === 0) {
    return (
      <div className="evt" data-testid="events-panel">
        <Empty title="No events yet">Events appear here as the run records them.</Empty>
      </div>
    );
  }

  const filtered = shown !== events;
  return (
    <div className="evt" data-testid="events-panel">
      <fieldset className="evt-bar" aria-label="Filter events">
        <label className="inline evt-search" htmlFor={`${id}-text`}>
          Search
          <input
            id={`${id}-text`}
            type="search"
            value={textInput}
            onChange={(e) => setTextInput(e.target.value)}
            placeholder="words in the log line"
            spellCheck={false}
            autoComplete="off"
            data-testid="events-search"
          />
        </label>
        <label className="inline" htmlFor={`${id}-type`}>
          Type
          <select
            id={`${id}-type`}
            value={activeType}
            onChange={(e) => setType(e.target.value)}
            data-testid="events-filter-type"
          >
            <option value="all">All types ({events.length.toLocaleString("en")})</option>
            {types.map(([t, n]) => (
              <option key={t} value={t}>
                {t} ({n.toLocaleString("en")})
              </option>
            ))}
          </select>
        </label>
        <label className="inline" htmlFor={`${id}-task`}>
          Task
          <input
            id={`${id}-task`}
            type="text"
            value={taskInput}
            onChange={(e) => setTaskInput(e.target.value)}
            placeholder="task id"
            spellCheck={false}
            autoComplete="off"
            size={12}
            data-testid="events-filter-task"
          />
        </label>
        <span className="evt-total muted" aria-live="polite" data-testid="events-count">
          {filtered
            ? `${shown.length.toLocaleString("en")} of ${events.length.toLocaleString("en")}`
            : `${events.length.toLocaleString("en")} events`}
        </span>
        <span className="evt-hint muted">Click a row to show the run at that event.</span>
        <span className="evt-jump">
          <button type="button" className="btn btn-ghost" onClick={() => virtualizer.scrollToIndex(0)}>
            <span aria-hidden="true">⤒</span> First
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => virtualizer.scrollToIndex(shown.length - 1, { align: "end" })}
          >
            <span aria-hidden="true">⤓</span> Latest
          </button>
        </span>
      </fieldset>

      <div className="evt-head" aria-hidden="true">
        <span>seq</span>
        <span>time</span>
        <span>after</span>
        <span>type</span>
        <span>details</span>
        <span>task</span>
      </div>
      {shown.length === 0 ? (
        <Empty title="No events match">Change the search, type or task filter.</Empty>
      ) : (
        <div ref={scrollRef} className="evt-scroll" data-testid="events-scroll">
          <ul className="evt-list" aria-label="Events" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const e = shown[item.index];
              if (!e) return null;
              return (
                <EventRow
                  key={item.key as number}
                  ref={virtualizer.measureElement}
                  index={item.index}
                  start={item.start}
                  event={e}
                  offset={e.at - start}
                  gap={e.seq > 0 ? e.at - (events[e.seq - 1]?.at ?? e.at) : Number.NaN}
                  moment={e.seq === shownSeq ? "current" : e.seq > shownSeq ? "future" : "past"}
                  onScrub={onScrub}
                  taskId={taskOf(e)}
                  open={open.has(e.seq)}
                  onToggle={toggle}
                  onSelectTask={onSelectTask}
                />
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
