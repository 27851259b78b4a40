"use client";

import { useId, useState } from "react";
import { amendGoalAction } from "@/app/actions";

/**
 * Change a live run's requirements ("also cover pricing", "write it in Chinese"): the agent
 * re-plans the remaining work and keeps what is done. Closed until asked for.
 */
export function AmendGoalForm({ runId }: { runId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const inputId = useId();
  const status = message && (
    <span className="muted" role="status" data-testid="amend-message">
      {message}
    </span>
  );
  if (!open) {
    return (
      <>
        <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="amend-open">
          Change requirements…
        </button>
        {status}
      </>
    );
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    // Signed on the server by whoever is signed in.
    const r = await amendGoalAction({ runId, text });
    setBusy(false);
    if (r.ok) {
      setMessage(
        r.delivery === "queued"
          ? "Sent: the agent re-plans before its next step."
          : "Recorded: the agent re-plans when the run goes on.",
      );
      setText("");
      setOpen(false);
    } else setMessage(r.message);
  };
  return (
    <form className="row amend-form" onSubmit={submit} data-testid="amend-form">
      <label htmlFor={inputId} className="muted">
        New requirement
      </label>
      <input
        id={inputId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="e.g. also cover pricing; write it in Chinese"
        maxLength={4_000}
        required
        data-testid="amend-text"
      />
      <button type="submit" className="btn" disabled={busy || !text.trim()} data-testid="amend-submit">
        {busy ? "Sending…" : "Send"}
      </button>
      <button type="button" className="btn" onClick={() => setOpen(false)}>
        Close
      </button>
      {status}
    </form>
  );
}
