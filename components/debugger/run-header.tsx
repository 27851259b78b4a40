"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { cancelRunAction } from "@/app/actions";
import { isTerminal } from "@/lib/agent/state";
import { StatusBadge } from "../ui/status-badge";
import { AmendGoalForm } from "./amend-goal-form";
import { InFlight } from "./in-flight";
import { useRunView, useShownSeq, useShownState } from "./run-view-context";

const fmt = new Intl.NumberFormat("en");

function elapsed(startedAt: number | null, until: number): string {
  if (!startedAt) return "—";
  const s = Math.max(0, Math.round((until - startedAt) / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}

interface Props {
  runId: string;
  parentRunId: string | null;
  forkSeq: number | null;
  readOnly: boolean;
}

/**
 * Goal, status and model of the run as it is now; the counters follow the moment shown, and say
 * so when it is not the head (a scrubbed view with the head's numbers reads as a contradiction).
 */
export function RunHeader({ runId, parentRunId, forkSeq, readOnly }: Props) {
  const head = useRunView((v) => v.head);
  const connection = useRunView((v) => v.connection);
  const [now, setNow] = useState(() => Date.now());
  const [cancelling, setCancelling] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const live = !isTerminal(head.status) && head.status !== "waiting";
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [live]);
  const scrubbed = useRunView((v) => v.cursor !== null);
  const shown = useShownState();
  const shownSeq = useShownSeq();
  const c = shown.counters;
  const shownAt = useRunView((v) => v.events[shownSeq]?.at ?? null);
  // A fork's clock starts when it was made, not when the history it inherits began.
  const forkedAt = useRunView((v) => {
    const marker = forkSeq === null ? undefined : v.events[forkSeq + 1];
    return marker?.type === "run.forked" ? marker.at : null;
  });
  const startedAt = forkedAt !== null && (!scrubbed || shownSeq > (forkSeq ?? 0)) ? forkedAt : head.startedAt;
  const cancel = async () => {
    setCancelling(true);
    // Signed on the server by whoever is signed in.
    const r = await cancelRunAction({ runId });
    setMessage(r.ok ? r.message : r.message);
    setCancelling(false);
  };
  return (
    <header className="run-header panel" data-testid="run-header">
      <div className="run-title">
        <h1 data-testid="run-goal">{head.goal || "…"}</h1>
        <div className="row muted">
          <StatusBadge status={head.status} testId="run-status" />
          <span>model {head.model || "—"}</span>
          <code>{runId}</code>
          {parentRunId && (
            <span data-testid="parent-link">
              forked from <Link href={`/runs/${parentRunId}?at=${forkSeq ?? ""}`}>{parentRunId}</Link> at #
              {forkSeq}
            </span>
          )}
          {parentRunId && (
            <Link
              href={`/compare?a=${encodeURIComponent(parentRunId)}&b=${encodeURIComponent(runId)}`}
              data-testid="compare-parent"
            >
              compare with parent
            </Link>
          )}
          {readOnly && <span className="badge">read-only import</span>}
          {live && head.status === "running" && <InFlight now={now} />}
          <span className={`conn conn-${connection}`} title="Event stream">
            {connection === "open" ? "● live" : connection === "ended" ? "○ ended" : `◌ ${connection}`}
          </span>
        </div>
      </div>
      <dl
        className={`counters ${scrubbed ? "counters-scrubbed" : ""}`}
        aria-label={scrubbed ? `Counters at event #${shownSeq}` : "Counters now"}
        data-testid="counters"
        data-moment={scrubbed ? shownSeq : "live"}
      >
        {scrubbed && (
          <div className="counters-moment" data-testid="counters-moment">
            <dt>as of</dt>
            <dd>#{shownSeq}</dd>
          </div>
        )}
        <div>
          <dt>iterations</dt>
          <dd data-testid="counter-iterations">{c.iterations}</dd>
        </div>
        <div>
          <dt>tool calls</dt>
          <dd data-testid="counter-tool-calls">{c.toolCalls}</dd>
        </div>
        <div>
          <dt>model calls</dt>
          <dd>{c.modelCalls}</dd>
        </div>
        <div>
          <dt>tokens</dt>
          <dd>{fmt.format(c.tokens)}</dd>
        </div>
        <div>
          <dt>cost</dt>
          <dd>${c.costUsd.toFixed(4)}</dd>
        </div>
        <div>
          <dt>{startedAt === forkedAt && forkedAt !== null ? "since fork" : "elapsed"}</dt>
          <dd data-testid="counter-elapsed">
            {elapsed(
              startedAt,
              scrubbed && shownAt !== null ? shownAt : live ? now : (head.updatedAt ?? now),
            )}
          </dd>
        </div>
      </dl>
      <div className="row run-actions">
        <a className="btn" href={`/api/runs/${runId}/export`} download>
          Export .jsonl
        </a>
        {!readOnly && !isTerminal(head.status) && <AmendGoalForm runId={runId} />}
        {!readOnly && !isTerminal(head.status) && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={cancel}
            disabled={cancelling}
            data-testid="cancel-run"
          >
            {cancelling ? "Cancelling…" : "Cancel run"}
          </button>
        )}
        {message && (
          <span className="muted" role="status">
            {message}
          </span>
        )}
      </div>
    </header>
  );
}
