"use client";

import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useStore } from "zustand";
import type { RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";
import { createRunView, type RunView, type RunViewHandle } from "./run-view-store";

const Ctx = createContext<RunViewHandle | null>(null);

export function RunViewProvider({
  runId,
  initialCursor,
  lastSeq = -1,
  children,
}: {
  runId: string;
  initialCursor: number | null;
  /** The run's last seq when the page was served (its history, streamed in before the views draw). */
  lastSeq?: number;
  children: ReactNode;
}) {
  const [handle] = useState(() => {
    const h = createRunView(runId, lastSeq);
    if (initialCursor !== null) h.store.setState({ cursor: initialCursor });
    return h;
  });
  return <Ctx.Provider value={handle}>{children}</Ctx.Provider>;
}

function useHandle(): RunViewHandle {
  const h = useContext(Ctx);
  if (!h) throw new Error("useRunView outside RunViewProvider");
  return h;
}

export function useRunView<T>(selector: (v: RunView) => T): T {
  return useStore(useHandle().store, selector);
}

export function useRunViewHandle(): RunViewHandle {
  return useHandle();
}

/**
 * The history the page was served with has arrived (or the stream ended short of it). Until then the
 * views are not drawn: drawing a 300-task graph for every burst of a history that is still streaming
 * in cost more than the stream itself.
 */
export function useCaughtUp(): boolean {
  return useRunView(
    (v) =>
      v.events.length > 0 &&
      (v.events.length > v.catchUpTo || v.connection === "ended" || v.connection === "closed"),
  );
}

/** The seq shown: the cursor, or the last event when live. */
export function useShownSeq(): number {
  return useRunView((v) => v.cursor ?? v.events.length - 1);
}

/** The run as it was at the shown moment (the head when live). */
export function useShownState(): RunState {
  const { stateAt } = useHandle();
  const seq = useShownSeq();
  const head = useRunView((v) => v.head);
  return useMemo(() => (seq < 0 ? head : stateAt(seq)), [seq, head, stateAt]);
}

/** The events up to the shown moment. */
export function useShownEvents(): RunEvent[] {
  const events = useRunView((v) => v.events);
  const seq = useShownSeq();
  return useMemo(() => (seq >= events.length - 1 ? events : events.slice(0, seq + 1)), [events, seq]);
}
