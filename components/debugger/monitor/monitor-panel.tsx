"use client";

import type { RunEvent } from "@/lib/agent/events";
import type { RunState } from "@/lib/agent/state";
import { DecisionTimeline } from "./decision-timeline";
import { ReflectionList } from "./reflection-list";
import { SkillsSection, skillsByDecision } from "./skills-section";
import "./monitor.css";

/** What the monitor did to keep the run on course: its decisions, self-critiques and their counts. */
export function MonitorPanel({
  state,
  events,
  onSelectTask,
}: {
  state: RunState;
  /** The events up to the moment shown: which skill acted at each step. */
  events: readonly RunEvent[];
  onSelectTask: (taskId: string) => void;
}) {
  const c = state.counters;
  const counters: { key: string; label: string; value: number; alarm?: boolean }[] = [
    { key: "reflections", label: "Reflections", value: c.reflections },
    {
      key: "ineffective",
      label: "Ineffective",
      value: c.ineffectiveReflections,
      alarm: c.ineffectiveReflections > 0,
    },
    { key: "retries", label: "Retries", value: c.retries },
    { key: "repairs", label: "Repairs", value: c.repairs },
    { key: "replans", label: "Replans", value: c.replans },
    { key: "rollbacks", label: "Rollbacks", value: c.rollbacks },
    { key: "questions", label: "Questions", value: c.questions },
  ];
  return (
    <div className="mon" data-testid="monitor-panel">
      <dl className="mon-counters" aria-label="Monitor counters">
        {counters.map((x) => (
          <div key={x.key} data-testid={`monitor-counter-${x.key}`} data-value={x.value}>
            <dt>{x.label}</dt>
            <dd className={x.alarm ? "mon-alarm" : undefined}>
              {x.alarm && <span aria-hidden="true">⚠ </span>}
              {x.value}
            </dd>
          </div>
        ))}
      </dl>
      <DecisionTimeline
        decisions={state.decisions}
        skills={skillsByDecision(events)}
        recalls={state.recalls}
        onSelectTask={onSelectTask}
      />
      <SkillsSection events={events} />
      <ReflectionList reflections={state.reflections} onSelectTask={onSelectTask} />
    </div>
  );
}
