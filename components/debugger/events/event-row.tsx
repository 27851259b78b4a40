import { memo, type Ref } from "react";
import type { RunEvent } from "@/lib/agent/events";
import { describeEvent } from "@/lib/agent/trace";
import { formatGap, formatOffset } from "./event-filter";

/** The family of an event type (`task`, `tool`, `memory`…), which tints its label. */
const family = (type: string) => type.split(".")[0] ?? type;

const fmtTime = (at: number) =>
  Number.isFinite(at) ? `${new Date(at).toISOString().slice(11, 23)} UTC` : "—";

interface Props {
  ref: Ref<HTMLLIElement>;
  index: number;
  start: number;
  event: RunEvent;
  /** Milliseconds from the run's first event, and since the event before. */
  offset: number;
  gap: number;
  /** Where the event stands against the moment shown. */
  moment: "past" | "current" | "future";
  onScrub: (seq: number) => void;
  taskId: string | null;
  open: boolean;
  onToggle: (seq: number) => void;
  onSelectTask: (taskId: string) => void;
}

/** One log line; memoised so scrolling renders only the rows that come into view. */
export const EventRow = memo(function EventRow({
  ref,
  index,
  start,
  event,
  offset,
  gap,
  moment,
  onScrub,
  taskId,
  open,
  onToggle,
  onSelectTask,
}: Props) {
  const jsonId = `event-json-${event.seq}`;
  const description = describeEvent(event);
  return (
    <li
      ref={ref}
      data-index={index}
      data-testid="event-row"
      data-seq={event.seq}
      data-type={event.type}
      data-moment={moment}
      className={`evt-row evt-${moment} ${open ? "evt-row-open" : ""}`}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div className="evt-line">
        <button
          type="button"
          className="evt-caret"
          aria-expanded={open}
          aria-controls={open ? jsonId : undefined}
          aria-label={open ? `Hide event ${event.seq}'s JSON` : `Show event ${event.seq}'s JSON`}
          onClick={() => onToggle(event.seq)}
          data-testid="event-json-toggle"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
        </button>
        <button
          type="button"
          className="evt-toggle"
          aria-current={moment === "current" ? "step" : undefined}
          onClick={() => onScrub(event.seq)}
          title={`Show the run as it was at event #${event.seq}`}
          data-testid="event-scrub"
        >
          <span className="evt-seq">{event.seq}</span>
          <span className="evt-time">{formatOffset(offset)}</span>
          <span className="evt-time">{formatGap(gap)}</span>
          <span className={`evt-type evt-family-${family(event.type)}`}>{event.type}</span>
          <span className="evt-desc" title={description}>
            {description}
          </span>
        </button>
        {taskId ? (
          <button
            type="button"
            className="evt-task"
            onClick={() => onSelectTask(taskId)}
            title={`Show task ${taskId} in the graph`}
            data-testid="event-task"
          >
            {taskId}
          </button>
        ) : (
          <span />
        )}
      </div>
      {open && (
        <div className="evt-detail">
          <div className="evt-detail-meta muted">
            seq {event.seq} · {fmtTime(event.at)} · run {event.runId}
          </div>
          <pre id={jsonId} className="evt-json" data-testid="event-json">
            {JSON.stringify(event, null, 2)}
          </pre>
        </div>
      )}
    </li>
  );
});
