"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { fetchJson } from "@/components/runs/fetch-json";
import { TimeAgo } from "@/components/runs/time";
import { Empty, ErrorNotice, Loading } from "@/components/ui/states";
import styles from "./inbox.module.css";
import type { QuestionItem } from "./question-card";

const SHOWN = 20;

/** The latest answers, for a reviewer checking what was decided; loaded only when opened. */
export function AnsweredList() {
  const [open, setOpen] = useState(false);
  const answered = useQuery({
    queryKey: ["questions", "answered"],
    queryFn: () => fetchJson<{ questions: QuestionItem[] }>("/api/questions?status=answered"),
    // The API lists oldest first; the newest answers are the ones worth seeing.
    select: (b) =>
      [...b.questions]
        .sort((a, c) => Date.parse(c.decidedAt ?? c.askedAt) - Date.parse(a.decidedAt ?? a.askedAt))
        .slice(0, SHOWN),
    enabled: open,
    refetchInterval: 10_000,
  });

  return (
    <details
      className={styles.answered}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <h2 className={styles.inlineHeading}>Answered</h2> <span className={styles.hint}>last {SHOWN}</span>
      </summary>
      <div className={styles.answeredBody}>
        {answered.isPending ? (
          <Loading label="Loading answered questions…" />
        ) : answered.isError ? (
          <ErrorNotice
            message={`The answered questions could not be loaded: ${answered.error.message}`}
            action={
              <button type="button" className="btn" onClick={() => answered.refetch()}>
                Retry
              </button>
            }
          />
        ) : answered.data.length === 0 ? (
          <Empty title="Nothing answered yet" />
        ) : (
          <ol className={styles.answeredList}>
            {answered.data.map((q) => (
              <li key={q.id} className={styles.answeredItem}>
                <div className={styles.answeredPrompt}>{q.prompt}</div>
                <div>
                  <span className="badge badge-succeeded">
                    <span aria-hidden="true">✓</span> answered
                  </span>{" "}
                  <q className={styles.answerQuote}>{q.answer}</q>
                </div>
                <div className={styles.hint}>
                  by <strong>{q.decidedBy ?? "someone"}</strong>
                  {q.decidedAt && (
                    <>
                      {" "}
                      · <TimeAgo iso={q.decidedAt} />
                    </>
                  )}{" "}
                  · <Link href={`/runs/${encodeURIComponent(q.runId)}`}>{q.goal}</Link>
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
