"use client";

import { useEffect, useState } from "react";
import { describeEvent } from "@/lib/agent/trace";
import { ForkDialog } from "./fork/fork-dialog";
import { useRunView, useRunViewHandle, useShownSeq } from "./run-view-context";

/**
 * Time travel: a slider over every event. Moving it shows the run as it was (snapshots + the shared
 * reducer; nothing re-executes); arrow keys step, "Live" returns to the head, `?at=` deep-links.
 */
export function Scrubber({ runId, readOnly }: { runId: string; readOnly: boolean }) {
  const total = useRunView((v) => v.events.length);
  const cursor = useRunView((v) => v.cursor);
  const setCursor = useRunView((v) => v.setCursor);
  const step = useRunView((v) => v.step);
  const seq = useShownSeq();
  const event = useRunView((v) => v.events[seq]);
  const [forking, setForking] = useState<number | null>(null);

  useEffect(() => {
    // Once the cursor rests: holding an arrow key steps dozens of times a second, and Chromium
    // throttles (and charges ~3 ms for) each history write.
    const t = setTimeout(() => {
      const url = new URL(window.location.href);
      if (cursor === null) url.searchParams.delete("at");
      else url.searchParams.set("at", String(cursor));
      if (url.href !== window.location.href) window.history.replaceState(null, "", url);
    }, 250);
    return () => clearTimeout(t);
  }, [cursor]);

  useEffect(() => {
    // Arrow keys step anywhere on the page, except while typing.
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (
        t &&
        (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)
      )
        return;
      if (e.key === "ArrowLeft") step(e.shiftKey ? -10 : -1);
      else if (e.key === "ArrowRight") step(e.shiftKey ? 10 : 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [step]);

  if (total === 0) return null;
  return (
    <div className="scrubber panel" data-testid="scrubber">
      <button
        type="button"
        className="btn"
        onClick={() => step(-1)}
        aria-label="Previous event"
        disabled={seq <= 0}
      >
        ◀
      </button>
      <input
        type="range"
        min={0}
        max={total - 1}
        value={seq}
        onChange={(e) => setCursor(Number(e.target.value))}
        aria-label="Event in the run's history"
        aria-valuetext={`event ${seq} of ${total - 1}`}
        data-testid="scrubber-range"
      />
      <button
        type="button"
        className="btn"
        onClick={() => step(1)}
        aria-label="Next event"
        disabled={cursor === null}
      >
        ▶
      </button>
      <button
        type="button"
        className={`btn ${cursor === null ? "btn-primary" : ""}`}
        onClick={() => setCursor(null)}
        aria-pressed={cursor === null}
        data-testid="go-live"
      >
        {cursor === null ? "● Live" : "Go live"}
      </button>
      <span className="scrubber-label" data-testid="scrubber-label">
        <strong>#{seq}</strong> / {total - 1} · {event?.type}
        {event && "taskId" in event && event.taskId ? ` [${event.taskId}]` : ""}{" "}
        <span className="muted">{event ? describeEvent(event) : ""}</span>
      </span>
      {!readOnly && (
        <button
          type="button"
          className="btn"
          onClick={() => setForking(seq)}
          aria-haspopup="dialog"
          data-testid="fork-here"
        >
          Fork from here…
        </button>
      )}
      {forking !== null && <ForkAt runId={runId} seq={forking} onClose={() => setForking(null)} />}
    </div>
  );
}

/** The dialog over the state at the step it was opened on (it stays put if the run goes on). */
function ForkAt({ runId, seq, onClose }: { runId: string; seq: number; onClose: () => void }) {
  const handle = useRunViewHandle();
  const events = useRunView((v) => v.events);
  const [state] = useState(() => handle.stateAt(seq));
  return <ForkDialog runId={runId} seq={seq} state={state} events={events} onClose={onClose} />;
}
