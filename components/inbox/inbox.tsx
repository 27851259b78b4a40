"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { fetchJson } from "@/components/runs/fetch-json";
import { Empty, ErrorNotice, Loading } from "@/components/ui/states";
import { AnsweredList } from "./answered-list";
import styles from "./inbox.module.css";
import { QuestionCard, type QuestionItem } from "./question-card";

export const PENDING_KEY = ["questions", "pending"] as const;
const CONFIRMATION_MS = 8_000;

interface Confirmation {
  question: QuestionItem;
  summary: string;
}

/** Every pending question across runs, oldest first: whoever answers first unblocks the run. */
export function Inbox() {
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // Questions someone else answered while this reviewer was on them: kept, with the message, until dismissed.
  const [elsewhere, setElsewhere] = useState(new Map<string, { question: QuestionItem; message: string }>());
  const confirmationRef = useRef<HTMLDivElement>(null);

  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: () =>
      fetchJson<{ questions: QuestionItem[] }>("/api/questions?status=pending").then((b) => b.questions),
    refetchInterval: 2_000,
  });

  // When each run started, for the cards; shares the runs list's cache.
  const runs = useQuery({
    queryKey: ["runs", "all"],
    queryFn: () => fetchJson<{ runs: { id: string; createdAt: string }[] }>("/api/runs").then((b) => b.runs),
    refetchInterval: 10_000,
  });
  const startedAt = new Map((runs.data ?? []).map((r) => [r.id, r.createdAt]));

  useEffect(() => {
    if (!confirmation) return;
    const timer = setTimeout(() => setConfirmation(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmation]);

  function answered(question: QuestionItem, summary: string) {
    queryClient.setQueryData<QuestionItem[]>(PENDING_KEY, (old) => old?.filter((q) => q.id !== question.id));
    void queryClient.invalidateQueries({ queryKey: ["questions"] });
    setConfirmation({ question, summary });
    // The card that had focus is gone; the confirmation is the natural next place to be.
    requestAnimationFrame(() => confirmationRef.current?.focus());
  }

  function resolvedElsewhere(question: QuestionItem, message: string) {
    setElsewhere((m) => new Map(m).set(question.id, { question, message }));
    void queryClient.invalidateQueries({ queryKey: ["questions"] });
  }

  function dismiss(question: QuestionItem) {
    setElsewhere((m) => {
      const next = new Map(m);
      next.delete(question.id);
      return next;
    });
  }

  const cards = [...(pending.data ?? [])];
  for (const { question } of elsewhere.values()) {
    if (!cards.some((q) => q.id === question.id)) cards.push(question);
  }
  cards.sort((a, b) => Date.parse(a.askedAt) - Date.parse(b.askedAt));

  return (
    <div className={styles.inbox} data-testid="inbox">
      <div className={styles.head}>
        <div>
          <h1>Inbox</h1>
          <p className={styles.hint}>
            Runs pause here when they need a person. The oldest question is first; answering resumes its run.
          </p>
        </div>
        <p className={styles.hint}>
          Answers are signed with your sign-in; the run's history shows who decided.
        </p>
      </div>

      <div ref={confirmationRef} tabIndex={-1} role="status" className={styles.confirmationSlot}>
        {confirmation && (
          <div className={styles.confirmation}>
            <span aria-hidden="true">✓</span> You {confirmation.summary}. The run{" "}
            <Link href={`/runs/${encodeURIComponent(confirmation.question.runId)}`}>
              “{confirmation.question.goal}”
            </Link>{" "}
            resumes.
          </div>
        )}
      </div>

      <section aria-labelledby="pending-title" className={styles.section}>
        <h2 id="pending-title">Waiting for an answer{pending.data ? ` (${pending.data.length})` : ""}</h2>
        {pending.isPending ? (
          <Loading label="Loading questions…" />
        ) : pending.isError && !pending.data ? (
          <ErrorNotice
            message={`The questions could not be loaded: ${pending.error.message}`}
            action={
              <button type="button" className="btn" onClick={() => pending.refetch()}>
                Retry
              </button>
            }
          />
        ) : cards.length === 0 ? (
          <Empty title="No questions waiting" testId="inbox-empty">
            When a run needs a decision it pauses, and its question shows up here within a couple of seconds.
          </Empty>
        ) : (
          <>
            {pending.isRefetchError && (
              <p className={styles.staleNotice} role="status">
                Could not refresh ({pending.error.message}); retrying. Answers still go through.
              </p>
            )}
            <div className={styles.cards}>
              {cards.map((q) => (
                <QuestionCard
                  key={q.id}
                  question={q}
                  runStartedAt={startedAt.get(q.runId)}
                  onAnswered={answered}
                  onResolvedElsewhere={resolvedElsewhere}
                  resolvedElsewhere={elsewhere.get(q.id)?.message}
                  onDismiss={dismiss}
                />
              ))}
            </div>
          </>
        )}
      </section>

      <AnsweredList />
    </div>
  );
}
