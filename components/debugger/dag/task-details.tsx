"use client";

import { memo, useMemo } from "react";
import { Empty } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import type { RunEvent } from "@/lib/agent/events";
import type { RunState, TaskState } from "@/lib/agent/state";
import { describeCriterion } from "@/lib/monitor/criteria";
import { TaskCostSection } from "../model-calls/task-cost-section";
import {
  AttemptsSection,
  DecisionsSection,
  ReflectionsSection,
  ResultSection,
} from "./task-details-sections";
import { taskHistory } from "./task-history";
import "./dag.css";

interface Props {
  state: RunState;
  taskId: string | null;
  events: RunEvent[];
  /** Selecting a row of the task list opens that task. */
  onSelectTask?: (taskId: string) => void;
  /** Opens the Model calls tab on this task's calls. */
  onShowModelCalls?: (taskId: string) => void;
}

export function TaskDetails({ state, taskId, events, onSelectTask, onShowModelCalls }: Props) {
  const task = taskId ? state.tasks[taskId] : undefined;
  if (!task) {
    return (
      <div className="td" data-testid="task-details">
        {taskId ? (
          <p className="td-hint" role="status">
            Task <code>{taskId}</code> does not exist at this point of the run. Select another task in the
            graph.
          </p>
        ) : (
          <p className="td-hint">Select a task in the graph to see its attempts, evidence and decisions.</p>
        )}
        <TaskList state={state} onSelectTask={onSelectTask} />
      </div>
    );
  }
  return <SelectedTask state={state} task={task} events={events} onShowModelCalls={onShowModelCalls} />;
}

function SelectedTask({
  state,
  task,
  events,
  onShowModelCalls,
}: {
  state: RunState;
  task: TaskState;
  events: RunEvent[];
  onShowModelCalls?: (taskId: string) => void;
}) {
  // Events grow by thousands on a long run: fold them once per task and moment, not per render.
  const history = useMemo(() => taskHistory(events, task.id), [events, task.id]);
  const decisions = state.decisions.filter((d) => d.taskId === task.id);
  const reflections = state.reflections.filter((r) => r.taskId === task.id);
  const hasInput = Object.keys(task.input).length > 0;

  return (
    <article className="td" data-testid="task-details" data-task-id={task.id} aria-labelledby="td-title">
      <header className="td-header">
        <h2 id="td-title">{task.title}</h2>
        <StatusBadge status={task.status} testId="task-status" />
      </header>
      <dl className="td-meta">
        <dt>Id</dt>
        <dd className="mono">{task.id}</dd>
        <dt>Tool</dt>
        <dd className="mono">{task.tool}</dd>
        <dt>Attempt</dt>
        <dd>
          {task.attempt}
          {task.failures > 0 && <span className="muted"> · {task.failures} failed</span>}
        </dd>
        <dt>Origin</dt>
        <dd>
          {task.origin === "plan" ? "initial plan" : task.origin} · plan v{task.planVersion}
        </dd>
        <dt>Confidence</dt>
        <dd className="mono">
          {task.confidence === null ? "—" : task.confidence.toFixed(2)}
          <span className="muted"> (threshold {state.config.confidenceThreshold.toFixed(2)})</span>
        </dd>
        <dt>Depends on</dt>
        <dd className="mono">{task.dependencies.length ? task.dependencies.join(", ") : "—"}</dd>
        {task.deliverable && (
          <>
            <dt>Deliverable</dt>
            <dd>yes: the run’s final output</dd>
          </>
        )}
      </dl>
      {task.note && <p className="td-note">{task.note}</p>}
      {task.pending && (
        <p className="td-note td-note-warn">
          Pending decision: <strong>{task.pending.kind}</strong> ({task.pending.trigger}):{" "}
          {task.pending.reason}
        </p>
      )}
      {task.hint && (
        <p className="td-note">
          <span className="muted">Hint for the next attempt:</span> {task.hint}
        </p>
      )}

      <section className="td-section" aria-labelledby="td-criteria">
        <h3 id="td-criteria">Success criteria</h3>
        <Criteria task={task} assessment={history.assessment} />
      </section>

      <section className="td-section" aria-labelledby="td-input">
        <h3 id="td-input">Input</h3>
        {hasInput ? (
          <pre className="td-pre">{JSON.stringify(task.input, null, 2)}</pre>
        ) : (
          <p className="muted">No fixed input: the executor completes it from upstream results.</p>
        )}
      </section>

      <AttemptsSection
        attempts={history.attempts}
        startedAt={state.startedAt}
        current={{ attempt: task.attempt, status: task.status }}
      />
      <TaskCostSection events={events} taskId={task.id} onShowModelCalls={onShowModelCalls} />
      <ResultSection task={task} />
      <DecisionsSection decisions={decisions} />
      <ReflectionsSection reflections={reflections} />
    </article>
  );
}

function Criteria({
  task,
  assessment,
}: {
  task: TaskState;
  assessment: ReturnType<typeof taskHistory>["assessment"];
}) {
  if (task.successCriteria.length === 0) return <p className="muted">This task has no checkable criteria.</p>;
  return (
    <>
      {assessment && (
        <p className="muted td-small">
          Assessed on attempt {assessment.attempt}: confidence {assessment.confidence.toFixed(2)}
          {assessment.signals.length > 0 && ` · ${assessment.signals.join(", ")}`}
        </p>
      )}
      <ul className="td-criteria">
        {task.successCriteria.map((c, i) => {
          const description = describeCriterion(c);
          // Checks carry the same description; fall back to position for older logs.
          const check =
            assessment?.criteria.find((x) => x.description === description) ?? assessment?.criteria[i];
          const verdict = check ? (check.met ? "met" : "unmet") : "unchecked";
          return (
            <li
              key={`${c.kind}|${c.field}|${description}`}
              className={`td-criterion is-${verdict}`}
              data-state={verdict}
            >
              <span className="td-criterion-mark" aria-hidden="true">
                {verdict === "met" ? "✓" : verdict === "unmet" ? "✕" : "○"}
              </span>
              <span>
                {description}
                <span className="td-criterion-detail">
                  {verdict === "unchecked" ? "not assessed yet" : `${verdict} · ${check?.detail}`}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** With nothing selected: every task at a glance, in plan order. */
function TaskList({ state, onSelectTask }: { state: RunState; onSelectTask?: (taskId: string) => void }) {
  if (state.taskOrder.length === 0) {
    return (
      <Empty title="No tasks yet" testId="task-list-empty">
        Tasks appear once the plan is validated.
      </Empty>
    );
  }
  return (
    <table className="td-list" data-testid="task-list">
      <thead>
        <tr>
          <th scope="col">Id</th>
          <th scope="col">Title</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {state.taskOrder.map((id) => {
          const t = state.tasks[id];
          return t ? <TaskListRow key={id} task={t} onSelectTask={onSelectTask} /> : null;
        })}
      </tbody>
    </table>
  );
}

/**
 * One row of the task list. The reducer keeps an unchanged task's object, so while scrubbing only
 * the rows of tasks the step touched render again (a 1,000-task list re-rendered whole on each step).
 */
const TaskListRow = memo(function TaskListRow({
  task,
  onSelectTask,
}: {
  task: TaskState;
  onSelectTask?: (taskId: string) => void;
}) {
  return (
    <tr data-task-id={task.id}>
      <td className="mono">{task.id}</td>
      <td>
        {onSelectTask ? (
          <button
            type="button"
            className="td-select"
            onClick={() => onSelectTask(task.id)}
            data-testid="task-list-select"
          >
            {task.title}
          </button>
        ) : (
          task.title
        )}
      </td>
      <td>
        <StatusBadge status={task.status} />
      </td>
    </tr>
  );
});
