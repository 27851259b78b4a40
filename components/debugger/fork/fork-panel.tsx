"use client";

import Link from "next/link";
import { useMemo } from "react";
import "./fork.css";
import { useRunView, useRunViewHandle } from "../run-view-context";
import { forkSummary } from "./fork-summary";

export interface ForkLink {
  id: string;
  forkSeq: number | null;
  status: string;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}

const quote = (s: string) => `“${s.length > 160 ? `${s.slice(0, 159)}…` : s}”`;

/**
 * On a fork: where it came from, what was edited when it was made, and what it has done since
 * (time from the fork; calls reused from the parent vs made anew). On any run: its forks.
 */
export function ForkPanel({
  runId,
  parentRunId,
  forkSeq,
  forks,
}: {
  runId: string;
  parentRunId: string | null;
  forkSeq: number | null;
  forks: ForkLink[];
}) {
  const handle = useRunViewHandle();
  const events = useRunView((v) => v.events);
  const summary = useMemo(
    () =>
      parentRunId !== null && forkSeq !== null && events.length > forkSeq + 1
        ? forkSummary(events, forkSeq, handle.stateAt(forkSeq))
        : null,
    [events, parentRunId, forkSeq, handle],
  );
  if (!summary && forks.length === 0) return null;
  return (
    <section className="panel fork-panel" aria-label="Fork" data-testid="fork-panel">
      {summary && parentRunId && (
        <div data-testid="fork-summary">
          <p className="fork-origin">
            Forked from <Link href={`/runs/${parentRunId}?at=${forkSeq}`}>{parentRunId}</Link> at #{forkSeq}{" "}
            by {summary.by}.
          </p>
          <dl className="fork-counters" data-testid="fork-counters">
            <div>
              <dt>since the fork</dt>
              <dd data-testid="fork-elapsed">{duration(summary.elapsedMs)}</dd>
            </div>
            <div>
              <dt>model calls</dt>
              <dd data-testid="fork-model-calls">
                {summary.modelCalls.made} new · {summary.modelCalls.replayed} replayed
              </dd>
            </div>
            <div>
              <dt>tool calls</dt>
              <dd data-testid="fork-tool-calls">
                {summary.toolCalls.made} new · {summary.toolCalls.replayed} replayed
              </dd>
            </div>
          </dl>
          {summary.edits.length === 0 ? (
            <p className="muted">No edits: the run went on from #{forkSeq} as it was.</p>
          ) : (
            <ul className="fork-edits" aria-label="Edited when forking" data-testid="fork-edits">
              {summary.edits.map((e) => (
                <li key={`${e.kind}:${e.subject}`} data-testid="fork-edit" data-kind={e.kind}>
                  <strong>
                    {e.kind === "goal"
                      ? "Goal"
                      : e.kind === "budget"
                        ? `Budget ${e.subject}`
                        : e.kind === "memory"
                          ? `Memory ${e.subject}`
                          : `Answer to ${quote(e.subject)}`}
                  </strong>
                  {": "}
                  {e.changes.map((c, j) => (
                    <span key={c.field}>
                      {j > 0 && "; "}
                      {e.kind === "memory" && `${c.field} `}
                      <del>{quote(c.from)}</del> → <ins>{quote(c.to)}</ins>
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {forks.length > 0 && (
        <div data-testid="fork-list">
          <h2 className="fork-list-title">Forks of this run ({forks.length})</h2>
          <ul className="fork-links">
            {forks.map((f) => (
              <li key={f.id}>
                <Link href={`/runs/${f.id}`} data-testid="fork-link">
                  {f.id}
                </Link>{" "}
                <span className="muted">
                  from #{f.forkSeq} · {f.status}
                </span>{" "}
                <Link href={`/compare?a=${encodeURIComponent(runId)}&b=${encodeURIComponent(f.id)}`}>
                  compare
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
