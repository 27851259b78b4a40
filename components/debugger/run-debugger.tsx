"use client";

import { useCallback, useState } from "react";
import "./debugger.css";
import { DagPanel } from "./dag/dag-panel";
import { TaskDetails } from "./dag/task-details";
import { usePreparedLayout } from "./dag/use-prepared-layout";
import { EventsPanel } from "./events/events-panel";
import { type ForkLink, ForkPanel } from "./fork/fork-panel";
import { MemoryPanel } from "./memory/memory-panel";
import { ModelCallsPanel } from "./model-calls/model-calls-panel";
import { MonitorPanel } from "./monitor/monitor-panel";
import { PlanDiffPanel } from "./plan/plan-diff-panel";
import { ReportPanel } from "./report/report-panel";
import { RunHeader } from "./run-header";
import {
  RunViewProvider,
  useCaughtUp,
  useRunView,
  useRunViewHandle,
  useShownEvents,
  useShownSeq,
  useShownState,
} from "./run-view-context";
import { Scrubber } from "./scrubber";
import { SettingsPanel } from "./settings/settings-panel";
import { useRunStream } from "./use-run-stream";
import { WaitingBanner } from "./waiting-banner";

const fmt = new Intl.NumberFormat("en");

const tabs = [
  "Task",
  "Memory",
  "Monitor",
  "Model calls",
  "Plan vs final",
  "Report",
  "Events",
  "Settings",
] as const;
type Tab = (typeof tabs)[number];

interface Props {
  runId: string;
  initialCursor: number | null;
  /** Why the requested ?at= was changed, if it was. */
  atNote?: string | null;
  parentRunId: string | null;
  forkSeq: number | null;
  readOnly: boolean;
  /** The runs forked from this one (as the page was loaded). */
  forks?: ForkLink[];
  /** The run's last seq as the page was served. */
  lastSeq?: number;
}

export function RunDebugger(props: Props) {
  return (
    <RunViewProvider runId={props.runId} initialCursor={props.initialCursor} lastSeq={props.lastSeq}>
      <Debugger {...props} />
    </RunViewProvider>
  );
}

function Debugger({ runId, parentRunId, forkSeq, readOnly, atNote, forks = [] }: Props) {
  const handle = useRunViewHandle();
  useRunStream(handle, runId);
  const state = useShownState();
  const events = useShownEvents();
  const allEvents = useRunView((v) => v.events);
  const shownSeq = useShownSeq();
  const setCursor = useRunView((v) => v.setCursor);
  const config = useRunView((v) => v.head.config);
  const model = useRunView((v) => v.head.model);
  const loaded = useCaughtUp();
  usePreparedLayout(handle, !loaded);
  const received = useRunView((v) => v.events.length);
  const expected = useRunView((v) => v.catchUpTo + 1);
  const error = useRunView((v) => v.error);
  const [tab, setTab] = useState<Tab>("Task");
  const [selected, setSelected] = useState<string | null>(null);
  const [callsTask, setCallsTask] = useState("");
  // Stable, so memoised rows (task list, graph nodes) are not re-rendered for a new callback.
  const select = useCallback((taskId: string | null) => {
    setSelected(taskId);
    if (taskId) setTab("Task");
  }, []);
  const showModelCalls = useCallback((taskId: string) => {
    setCallsTask(taskId);
    setTab("Model calls");
  }, []);

  return (
    <div className="debugger" data-testid="debugger">
      <RunHeader runId={runId} parentRunId={parentRunId} forkSeq={forkSeq} readOnly={readOnly} />
      <ForkPanel runId={runId} parentRunId={parentRunId} forkSeq={forkSeq} forks={forks} />
      {!readOnly && <WaitingBanner runId={runId} />}
      <Scrubber runId={runId} readOnly={readOnly} />
      {atNote && (
        <p className="muted at-note" role="status" data-testid="at-note">
          {atNote}
        </p>
      )}
      {error && (
        <div className="state state-error" role="alert">
          {error}
        </div>
      )}
      {!loaded ? (
        <div className="state state-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the run’s events…
          {expected > 1 && (
            <span className="muted" data-testid="events-loading">
              {" "}
              {fmt.format(received)} of {fmt.format(expected)}
            </span>
          )}
        </div>
      ) : (
        <div className="debugger-grid">
          <section className="panel dag-area" aria-label="Task graph">
            <DagPanel state={state} selectedTaskId={selected} onSelectTask={select} />
          </section>
          <section className="panel side-area" aria-label="Details">
            <div className="tabs" role="tablist" aria-label="Run details">
              {tabs.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  className={`tab ${tab === t ? "tab-active" : ""}`}
                  onClick={() => setTab(t)}
                  data-testid={`tab-${t.toLowerCase().replace(/\s+/g, "-")}`}
                >
                  {t}
                </button>
              ))}
            </div>
            <div className="tab-body" role="tabpanel">
              {tab === "Task" && (
                <TaskDetails
                  state={state}
                  taskId={selected}
                  events={events}
                  onSelectTask={select}
                  onShowModelCalls={showModelCalls}
                />
              )}
              {tab === "Model calls" && (
                <ModelCallsPanel
                  state={state}
                  events={events}
                  task={callsTask}
                  onTaskChange={setCallsTask}
                  onSelectTask={select}
                />
              )}
              {tab === "Memory" && <MemoryPanel state={state} events={events} />}
              {tab === "Monitor" && <MonitorPanel state={state} events={events} onSelectTask={select} />}
              {tab === "Plan vs final" && <PlanDiffPanel state={state} />}
              {tab === "Report" && <ReportPanel state={state} runId={runId} />}
              {tab === "Settings" && <SettingsPanel config={config} model={model} />}
              {tab === "Events" && (
                <EventsPanel
                  events={allEvents}
                  shownSeq={shownSeq}
                  onScrub={setCursor}
                  onSelectTask={select}
                />
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
