"use client";

import type { RunState } from "@/lib/agent/state";
import { EntryStatus } from "@/lib/memory/entry";

export interface MemoryEdit {
  content: string;
  confidence: string;
  status: EntryStatus;
}

/** Working memory at the shown step; "Edit" opens an entry's content, confidence and status. */
export function MemoryEdits({
  state,
  edits,
  onChange,
}: {
  state: RunState;
  edits: Record<string, MemoryEdit>;
  onChange: (edits: Record<string, MemoryEdit>) => void;
}) {
  const entries = state.memory.order.flatMap((id) => {
    const e = state.memory.entries[id];
    return e ? [e] : [];
  });
  if (entries.length === 0) return null;
  const set = (id: string, edit: MemoryEdit | null) => {
    const next = { ...edits };
    if (edit) next[id] = edit;
    else delete next[id];
    onChange(next);
  };
  return (
    <fieldset className="fork-memory">
      <legend>Working memory ({entries.length})</legend>
      <ul className="fork-memory-list">
        {entries.map((e) => {
          const edit = edits[e.id];
          return (
            <li key={e.id} data-testid="fork-memory-entry" data-entry={e.id}>
              <div className="fork-memory-row">
                <span className="fork-memory-text">
                  <code>{e.id}</code> <span className="muted">{e.kind}</span> {e.content}
                </span>
                <span className="muted fork-memory-meta">
                  {e.confidence.toFixed(2)} · {e.status}
                </span>
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    set(
                      e.id,
                      edit
                        ? null
                        : { content: e.content, confidence: String(e.confidence), status: e.status },
                    )
                  }
                  aria-expanded={!!edit}
                  data-testid="fork-memory-edit"
                >
                  {edit ? "Undo" : "Edit"}
                </button>
              </div>
              {edit && (
                <div className="fork-memory-fields">
                  <label>
                    <span className="muted">Content</span>
                    <textarea
                      value={edit.content}
                      rows={2}
                      maxLength={8_000}
                      onChange={(ev) => set(e.id, { ...edit, content: ev.target.value })}
                      data-testid="fork-memory-content"
                    />
                  </label>
                  <label>
                    <span className="muted">Confidence</span>
                    <input
                      type="number"
                      min={0}
                      max={1}
                      step={0.05}
                      value={edit.confidence}
                      onChange={(ev) => set(e.id, { ...edit, confidence: ev.target.value })}
                      data-testid="fork-memory-confidence"
                    />
                  </label>
                  <label>
                    <span className="muted">Status</span>
                    <select
                      value={edit.status}
                      onChange={(ev) => set(e.id, { ...edit, status: ev.target.value as EntryStatus })}
                      data-testid="fork-memory-status"
                    >
                      {EntryStatus.options.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
