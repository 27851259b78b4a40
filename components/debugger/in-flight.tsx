"use client";

import { inFlightLabel } from "./in-flight-label";
import { useRunView } from "./run-view-context";

/** What a running run is waiting on, once it has been quiet a moment (see inFlightLabel). */
export function InFlight({ now }: { now: number }) {
  const last = useRunView((v) => v.events.at(-1));
  const label = last ? inFlightLabel(last as Parameters<typeof inFlightLabel>[0], now) : null;
  if (!label) return null;
  return (
    <span className="muted" role="status" data-testid="in-flight">
      {label}
    </span>
  );
}
