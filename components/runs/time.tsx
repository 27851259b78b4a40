"use client";

import { useSyncExternalStore } from "react";

// One shared one-second clock: every live duration and "… ago" on a page ticks together, and the
// server snapshot is null so server HTML never disagrees with the browser's clock or time zone.
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, ticking each second; null while rendering on the server and hydrating. */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => null,
  );
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.round(ms / 1_000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function formatAgo(ms: number): string {
  const s = Math.round(ms / 1_000);
  if (s < 10) return "just now";
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} days ago`;
}

/** "5 min ago", with the exact local time on hover; a stable UTC stamp before hydration. */
export function TimeAgo({ iso }: { iso: string }) {
  const current = useNow();
  const at = new Date(iso);
  return (
    <time dateTime={iso} title={current === null ? undefined : at.toLocaleString()}>
      {current === null ? `${iso.slice(0, 16).replace("T", " ")} UTC` : formatAgo(current - at.getTime())}
    </time>
  );
}

/** "in 23 h", "in 5 min", or "now" once it has passed; the exact local time on hover. */
export function TimeUntil({ iso }: { iso: string }) {
  const current = useNow();
  const at = new Date(iso);
  const left = current === null ? null : at.getTime() - current;
  return (
    <time dateTime={iso} title={current === null ? undefined : at.toLocaleString()}>
      {left === null
        ? `${iso.slice(0, 16).replace("T", " ")} UTC`
        : left <= 0
          ? "now"
          : `in ${formatDuration(left).replace(/ \d+ s$/, "")}`}
    </time>
  );
}
