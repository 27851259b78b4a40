"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { forkRunAction } from "@/app/actions";
import "./fork.css";
import type { RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";
import type { EntryStatus } from "@/lib/memory/entry";
import { type MemoryEdit, MemoryEdits } from "./memory-edits";
import { QuestionEdits } from "./question-edits";

const BUDGETS = [
  { key: "iterations", label: "Iterations", unit: 1 },
  { key: "toolCalls", label: "Tool calls", unit: 1 },
  { key: "tokens", label: "Tokens", unit: 1 },
  { key: "wallMs", label: "Wall time (min)", unit: 60_000 },
] as const;
type BudgetKey = (typeof BUDGETS)[number]["key"];

export interface ForkAnswer {
  questionId: string;
  answer: string;
  /** Re-answering moves the fork to just before the first answer. */
  forkSeq: number;
}

/**
 * Fork from the shown step with edits: the goal text, budgets, working-memory entries, and the
 * answer to a question (a pending one must be answered; an answered one can be answered again,
 * which forks from just before its answer). Everything edited is recorded on the fork.
 */
export function ForkDialog({
  runId,
  seq,
  state,
  events,
  onClose,
}: {
  runId: string;
  seq: number;
  state: RunState;
  events: readonly RunEvent[];
  onClose: () => void;
}) {
  const router = useRouter();
  const ref = useRef<HTMLDialogElement>(null);
  const goalId = useId();
  const [goal, setGoal] = useState(state.goal);
  const [budgets, setBudgets] = useState<Record<BudgetKey, string>>(() => ({
    iterations: String(state.config.budgets.iterations),
    toolCalls: String(state.config.budgets.toolCalls),
    tokens: String(state.config.budgets.tokens),
    wallMs: String(state.config.budgets.wallMs / 60_000),
  }));
  const [memory, setMemory] = useState<Record<string, MemoryEdit>>({});
  const [answer, setAnswer] = useState<ForkAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const pending = useMemo(
    () => Object.values(state.questions).filter((q) => q.status === "pending" && q.blocking !== false),
    [state.questions],
  );
  const forkSeq = answer?.forkSeq ?? seq;
  const missingAnswer = pending.length > 0 && !(answer && pending.some((q) => q.id === answer.questionId));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const changedBudgets: Partial<Record<BudgetKey, number>> = {};
    for (const b of BUDGETS) {
      const value = Math.round(Number(budgets[b.key]) * b.unit);
      if (Number.isFinite(value) && value !== state.config.budgets[b.key]) changedBudgets[b.key] = value;
    }
    const edits = Object.entries(memory).flatMap(([id, m]) => {
      const entry = state.memory.entries[id];
      if (!entry) return [];
      const patch: { content?: string; confidence?: number; status?: EntryStatus } = {};
      if (m.content !== entry.content) patch.content = m.content;
      if (Number(m.confidence) !== entry.confidence) patch.confidence = Number(m.confidence);
      if (m.status !== entry.status) patch.status = m.status;
      return Object.keys(patch).length > 0 ? [{ id, patch }] : [];
    });
    // Signed on the server by whoever is signed in.
    const r = await forkRunAction({
      runId,
      seq: forkSeq,
      goal: goal.trim() !== state.goal ? goal : undefined,
      budgets: Object.keys(changedBudgets).length > 0 ? changedBudgets : undefined,
      memory: edits,
      answer: answer ? { questionId: answer.questionId, answer: answer.answer } : undefined,
    });
    setBusy(false);
    if (r.ok) router.push(`/runs/${r.runId}`);
    else setError(r.message);
  };

  return (
    <dialog
      ref={ref}
      className="fork-dialog"
      onClose={onClose}
      aria-labelledby={`${goalId}-title`}
      data-testid="fork-dialog"
    >
      <form method="dialog" onSubmit={submit} className="fork-form">
        <header className="fork-dialog-head">
          <h2 id={`${goalId}-title`}>Fork from #{forkSeq}</h2>
          <p className="muted">
            The fork keeps this run’s history up to #{forkSeq} and goes on from there with your edits; replies
            the parent already received for the same requests are reused. This run is not changed.
          </p>
        </header>
        <label htmlFor={goalId} className="fork-label">
          Goal
        </label>
        <textarea
          id={goalId}
          value={goal}
          onChange={(e) => setGoal(e.target.value)}
          rows={2}
          maxLength={4_000}
          required
          data-testid="fork-goal"
        />
        {goal.trim() !== state.goal && (
          <p className="muted fork-note">
            The fork re-clarifies the new goal and re-plans what is left, keeping done tasks.
          </p>
        )}
        <fieldset className="fork-budgets">
          <legend>Budgets</legend>
          {BUDGETS.map((b) => (
            <label key={b.key}>
              <span className="muted">{b.label}</span>
              <input
                type="number"
                min={1}
                step={b.unit === 1 ? 1 : "any"}
                value={budgets[b.key]}
                onChange={(e) => setBudgets({ ...budgets, [b.key]: e.target.value })}
                data-testid={`fork-budget-${b.key}`}
              />
            </label>
          ))}
        </fieldset>
        <QuestionEdits state={state} seq={seq} events={events} answer={answer} onAnswer={setAnswer} />
        <MemoryEdits state={state} edits={memory} onChange={setMemory} />
        {error && (
          <p className="state-error" role="alert" data-testid="fork-error">
            {error}
          </p>
        )}
        {missingAnswer && (
          <p className="muted fork-note" data-testid="fork-needs-answer">
            The run waits for an answer here: give the fork its own answer (the parent keeps its question).
          </p>
        )}
        <div className="row fork-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || missingAnswer || !goal.trim()}
            data-testid="fork-submit"
          >
            {busy ? "Forking…" : `Fork from #${forkSeq}`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
