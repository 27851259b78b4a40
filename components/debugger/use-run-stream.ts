"use client";

import { useEffect } from "react";
import { RunEvent } from "@/lib/agent/events";
import type { RunViewHandle } from "./run-view-store";

/**
 * Follow a run's events over SSE. EventSource reconnects by itself and sends Last-Event-ID, so a
 * dropped connection resumes without gaps; a gap seen anyway (a missed frame) reopens from the
 * last seq held. Scrubbing back never closes the stream: the cursor is separate from the feed.
 */
export function useRunStream({ store }: RunViewHandle, runId: string): void {
  useEffect(() => {
    let source: EventSource | null = null;
    let closed = false;
    let buffer: RunEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const batch = buffer;
      buffer = [];
      store.getState().receive(batch);
    };
    const open = () => {
      const after = store.getState().events.length - 1;
      source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events?after=${after}`);
      source.onopen = () => store.getState().setConnection("open");
      source.addEventListener("run-event", (m) => {
        const parsed = RunEvent.safeParse(JSON.parse((m as MessageEvent<string>).data));
        if (!parsed.success) return;
        const expected = store.getState().events.length + buffer.length;
        if (parsed.data.seq > expected) {
          // A gap: reopen from what we hold rather than show a broken history.
          source?.close();
          if (buffer.length) flush();
          open();
          return;
        }
        buffer.push(parsed.data);
        const { catchUpTo } = store.getState();
        if (parsed.data.seq === catchUpTo) {
          // The history the page was served with is complete: draw it now.
          if (timer) clearTimeout(timer);
          flush();
          return;
        }
        // Batch a burst of events into one render (a timer, not animation frames: those stop in
        // background tabs); while the history streams in only the loading count shows, so less often.
        timer ??= setTimeout(flush, parsed.data.seq < catchUpTo ? 100 : 16);
      });
      source.addEventListener("end", () => {
        if (buffer.length) flush();
        source?.close();
        store.getState().setConnection("ended");
      });
      source.onerror = () => {
        if (closed) return;
        if (source?.readyState === EventSource.CLOSED) {
          store.getState().setConnection("closed", "The event stream closed. Reload the page to reconnect.");
        } else {
          store.getState().setConnection("reconnecting");
        }
      };
    };
    open();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [store, runId]);
}
