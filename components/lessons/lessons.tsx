"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useDebounced } from "@/components/library/use-debounced";
import { fetchJson } from "@/components/runs/fetch-json";
import { Empty, ErrorNotice, Loading } from "@/components/ui/states";
import type { LessonView } from "@/lib/runs/service/lessons";
import styles from "./lessons.module.css";

const fetchLessons = (q: string) =>
  fetchJson<{ lessons: LessonView[] }>(q ? `/api/lessons?q=${encodeURIComponent(q)}` : "/api/lessons");

type Action = "disable" | "enable" | "delete";

/** Lessons learned across runs: what they say, when they apply, the runs that show them. */
export function Lessons() {
  const params = useSearchParams();
  const [text, setText] = useState(() => params.get("q") ?? "");
  const query = useDebounced(text.trim(), 250);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [query]);
  const lessons = useQuery({
    queryKey: ["lessons", query],
    queryFn: () => fetchLessons(query),
    select: (b) => b.lessons,
    placeholderData: keepPreviousData,
  });
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: ({ id, action }: { id: string; action: Action }) =>
      fetchJson(`/api/lessons/${encodeURIComponent(id)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["lessons"] }),
  });

  return (
    <div className={styles.page} data-testid="lessons">
      <div>
        <h1>Lessons</h1>
        <p className={styles.hint}>
          What earlier runs taught, learned by rules from their events when they ended. A run recalls at most
          three that match its situation (same tool, trigger or failure code) and records which and why.
          Disable a lesson that misleads; it stays here but is never recalled.
        </p>
      </div>
      <label className={styles.search}>
        Search
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="tool, failure code, goal word…"
          data-testid="lesson-search"
        />
      </label>
      {change.error && <ErrorNotice message={change.error.message} />}
      {lessons.isPending ? (
        <Loading label="Loading lessons…" />
      ) : lessons.isError ? (
        <ErrorNotice message={lessons.error.message} />
      ) : lessons.data.length === 0 ? (
        <Empty title={query ? "No lesson matches" : "No lessons yet"} testId="lessons-empty">
          {query
            ? "Try another word."
            : "Lessons appear when runs end after a retry, reflection, repair or question."}
        </Empty>
      ) : (
        <ul className={styles.list}>
          {lessons.data.map((l) => (
            <LessonCard
              key={l.id}
              lesson={l}
              busy={change.isPending}
              onChange={(action) => change.mutate({ id: l.id, action })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function LessonCard({
  lesson: l,
  busy,
  onChange,
}: {
  lesson: LessonView;
  busy: boolean;
  onChange: (a: Action) => void;
}) {
  const s = l.signature;
  return (
    <li className={styles.card} data-testid="lesson" data-lesson-id={l.id} data-disabled={l.disabled}>
      <p className={styles.summary}>
        <span className={l.outcome === "helped" ? styles.helped : styles.notHelped}>
          {l.outcome === "helped" ? "helped" : "did not help"}
        </span>{" "}
        {l.summary}
        {l.disabled && <span className={styles.off}> (disabled)</span>}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Situation</dt>
          <dd>
            {[
              s.tool && `tool ${s.tool}`,
              s.trigger && `trigger ${s.trigger}`,
              s.failureCode && `code ${s.failureCode}`,
              s.language,
            ]
              .filter(Boolean)
              .join(" · ")}
          </dd>
        </div>
        {s.goalTerms.length > 0 && (
          <div>
            <dt>Goal terms</dt>
            <dd>{s.goalTerms.join(", ")}</dd>
          </div>
        )}
        <div>
          <dt>Confidence</dt>
          <dd data-testid="lesson-confidence">
            {l.confidence.toFixed(2)} · learned {l.createdCount}× · used {l.usedCount}× · helped{" "}
            {l.helpedCount}×
          </dd>
        </div>
        <div>
          <dt>Evidence</dt>
          <dd className={styles.evidence}>
            {l.evidence.flatMap((e) =>
              e.seqs.map((seq) => (
                <Link
                  key={`${e.runId}:${seq}`}
                  href={`/runs/${encodeURIComponent(e.runId)}?at=${seq}`}
                  data-testid="lesson-evidence"
                >
                  {e.runId} #{seq}
                </Link>
              )),
            )}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <button
          type="button"
          disabled={busy}
          onClick={() => onChange(l.disabled ? "enable" : "disable")}
          data-testid="lesson-toggle"
        >
          {l.disabled ? "Enable" : "Disable"}
        </button>
        <button
          type="button"
          className={styles.danger}
          disabled={busy}
          onClick={() => {
            if (window.confirm("Delete this lesson? Runs that recalled it keep their record."))
              onChange("delete");
          }}
          data-testid="lesson-delete"
        >
          Delete
        </button>
      </div>
    </li>
  );
}
