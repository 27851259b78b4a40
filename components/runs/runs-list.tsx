"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Empty, ErrorNotice, Loading } from "@/components/ui/states";
import { fetchJson } from "./fetch-json";
import { RUN_STATUSES, type StatusFilter } from "./run-filters";
import styles from "./runs.module.css";
import { isActive, type RunListItem, RunsTable } from "./runs-table";

export const runsQueryKey = (status: StatusFilter) => ["runs", status] as const;

const fetchRuns = (status: StatusFilter) =>
  fetchJson<{ runs: RunListItem[] }>(status === "all" ? "/api/runs" : `/api/runs?status=${status}`).then(
    (b) => b.runs,
  );

// Runs started elsewhere (the API, the CLI, another tab) must show within 2 s; the list is one
// small indexed query, so polling at that rate even when idle costs little.
const POLL_MS = 2_000;

interface Props {
  initialStatus: StatusFilter;
  /** The first page, rendered on the server so the list shows without a loading flash. */
  initialRuns?: RunListItem[];
}

export function RunsList({ initialStatus, initialRuns }: Props) {
  const [status, setStatus] = useState<StatusFilter>(initialStatus);
  // Two runs ticked for the side-by-side view; a third tick replaces the older one.
  const [picked, setPicked] = useState<string[]>([]);
  const pick = (runId: string) =>
    setPicked((p) => (p.includes(runId) ? p.filter((id) => id !== runId) : [...p, runId].slice(-2)));
  const runs = useQuery({
    queryKey: runsQueryKey(status),
    queryFn: () => fetchRuns(status),
    initialData: status === initialStatus ? initialRuns : undefined,
    refetchInterval: POLL_MS,
  });
  // What each waiting run waits for: the inbox's query (same key, so one request serves both).
  const questions = useQuery({
    queryKey: ["questions", "pending"],
    queryFn: () =>
      fetchJson<{ questions: { runId: string; prompt: string; blocking?: boolean }[] }>(
        "/api/questions?status=pending",
      ).then((b) => b.questions),
    refetchInterval: POLL_MS,
  });
  const waitingFor = new Map<string, string>();
  // What a run waits for: a question asked aside holds nothing up.
  for (const q of questions.data ?? [])
    if (q.blocking !== false && !waitingFor.has(q.runId)) waitingFor.set(q.runId, q.prompt);

  function changeStatus(next: StatusFilter) {
    setStatus(next);
    // The filter lives in the URL so a reload or a shared link shows the same list; no history entry per click.
    const url = new URL(window.location.href);
    if (next === "all") url.searchParams.delete("status");
    else url.searchParams.set("status", next);
    window.history.replaceState(window.history.state, "", url);
  }

  const active = runs.data?.filter(isActive).length ?? 0;

  return (
    <section className={styles.runs} aria-labelledby="runs-title">
      <div className={styles.toolbar}>
        <h2 id="runs-title">Runs</h2>
        <span className={styles.hint} aria-live="polite">
          {runs.data &&
            `${runs.data.length} shown${active > 0 ? ` · ${active} working` : ""} · updates every 2 s`}
        </span>
        <div className={styles.toolbarEnd}>
          {picked.length === 2 ? (
            <Link
              className="btn"
              href={`/compare?a=${encodeURIComponent(picked[0] as string)}&b=${encodeURIComponent(picked[1] as string)}`}
              data-testid="compare-picked"
            >
              Compare the 2 ticked
            </Link>
          ) : (
            <span className={styles.hint}>tick two runs to compare them</span>
          )}
          <label htmlFor="status-filter" className="inline">
            Status
          </label>
          <select
            id="status-filter"
            data-testid="status-filter"
            value={status}
            onChange={(e) => changeStatus(e.target.value as StatusFilter)}
          >
            <option value="all">All</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]?.toUpperCase()}
                {s.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {runs.isPending ? (
        <Loading label="Loading runs…" />
      ) : runs.isError && !runs.data ? (
        <ErrorNotice
          message={`The runs could not be loaded: ${runs.error.message}`}
          action={
            <button type="button" className="btn" onClick={() => runs.refetch()}>
              Retry
            </button>
          }
        />
      ) : runs.data.length === 0 ? (
        status === "all" ? (
          <Empty title="No runs yet" testId="runs-empty">
            Describe a goal above and press <strong>Start run</strong>; it will appear here as it works.
          </Empty>
        ) : (
          <Empty title={`No ${status} runs`} testId="runs-empty">
            <button type="button" className="btn" onClick={() => changeStatus("all")}>
              Show all runs
            </button>
          </Empty>
        )
      ) : (
        <>
          {runs.isRefetchError && (
            <p className={styles.staleNotice} role="status">
              Could not refresh ({runs.error.message}); showing the last list, retrying.
            </p>
          )}
          <RunsTable runs={runs.data} waitingFor={waitingFor} picked={new Set(picked)} onPick={pick} />
        </>
      )}
    </section>
  );
}
