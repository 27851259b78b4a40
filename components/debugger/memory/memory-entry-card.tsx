import type { ConfidencePoint, EvictedEntry } from "@/lib/agent/history";
import type { MemoryEntry } from "@/lib/memory/entry";
import { ConfidenceSparkline } from "./confidence-sparkline";

const statusIcon: Record<string, string> = {
  active: "●",
  done: "✓",
  failed: "✕",
  discarded: "⊘",
  evicted: "⏏",
};

export function EntryStatus({ status }: { status: string }) {
  return (
    <span className={`mem-status mem-status-${status}`}>
      <span aria-hidden="true">{statusIcon[status] ?? "•"}</span> {status}
    </span>
  );
}

/** Above the threshold is trusted, inside the gray zone undecided, below it weak; the number is always shown. */
function level(confidence: number, threshold: number, grayZone: number): "high" | "mid" | "low" {
  if (confidence >= threshold) return "high";
  return confidence >= threshold - grayZone ? "mid" : "low";
}

function ConfidenceBar({
  value,
  threshold,
  grayZone,
}: {
  value: number;
  threshold: number;
  grayZone: number;
}) {
  return (
    <div className={`mem-conf mem-conf-${level(value, threshold, grayZone)}`}>
      <span className="mem-bar" aria-hidden="true">
        <span className="mem-bar-fill" style={{ width: `${Math.round(value * 100)}%` }} />
        <span className="mem-bar-mark" style={{ left: `${Math.round(threshold * 100)}%` }} />
      </span>
      <span className="mem-conf-num" title={`confidence ${value}; threshold ${threshold}`}>
        {value.toFixed(2)}
      </span>
    </div>
  );
}

interface Common {
  points: ConfidencePoint[];
  until: number;
  threshold: number;
  grayZone: number;
}

export function MemoryEntryCard({ entry, ...c }: Common & { entry: MemoryEntry }) {
  const contradicted = entry.extra.contradictedBy ?? [];
  return (
    <li
      className={`mem-entry mem-entry-${entry.status}`}
      data-testid="memory-entry"
      data-id={entry.id}
      data-kind={entry.kind}
      data-status={entry.status}
      data-confidence={entry.confidence}
    >
      <div className="mem-entry-main">
        <p className="mem-content">{entry.content}</p>
        <div className="mem-meta">
          <EntryStatus status={entry.status} />
          <span title={`priority ${entry.priority} of 5 (higher stays longer)`}>P{entry.priority}</span>
          <span>by {entry.source}</span>
          <span title={`created in iteration ${entry.createdAt}, last used in iteration ${entry.lastAccess}`}>
            {entry.createdAt === entry.lastAccess
              ? `iteration ${entry.createdAt}`
              : `iterations ${entry.createdAt}–${entry.lastAccess}`}
          </span>
          <code className="mem-id">{entry.id}</code>
          {contradicted.length > 0 && (
            <span className="mem-flag" data-testid="memory-contradicted">
              <span aria-hidden="true">⚠</span> contradicted by {contradicted.join(", ")}
            </span>
          )}
        </div>
      </div>
      <div className="mem-entry-side">
        <ConfidenceSparkline
          points={c.points}
          until={c.until}
          threshold={c.threshold}
          holdUntil={c.until + 1}
        />
        <ConfidenceBar value={entry.confidence} threshold={c.threshold} grayZone={c.grayZone} />
      </div>
    </li>
  );
}

export function EvictedEntryCard({ entry, ...c }: Common & { entry: EvictedEntry }) {
  const lastConfidence = c.points.at(-1)?.confidence;
  return (
    <li
      className="mem-entry mem-entry-evicted"
      data-testid="memory-evicted"
      data-id={entry.id}
      data-kind={entry.kind}
      data-status="evicted"
      data-confidence={lastConfidence}
      data-seq={entry.seq}
    >
      <div className="mem-entry-main">
        <p className="mem-content">{entry.content}</p>
        <div className="mem-meta">
          <EntryStatus status="evicted" />
          <span>{entry.kind}</span>
          <span>
            at #{entry.seq} · iteration {entry.iteration}
          </span>
          <code className="mem-id">{entry.id}</code>
        </div>
        <p className="mem-reason">Why: {entry.reason}</p>
      </div>
      <div className="mem-entry-side">
        <ConfidenceSparkline
          points={c.points}
          until={c.until}
          threshold={c.threshold}
          // Evictions happen as an iteration closes: the value held to that iteration's end.
          holdUntil={entry.iteration + 0.9}
        />
        {lastConfidence !== undefined && (
          <ConfidenceBar value={lastConfidence} threshold={c.threshold} grayZone={c.grayZone} />
        )}
      </div>
    </li>
  );
}
