"use client";

import type { Artifact, RunState } from "@/lib/agent/state";
import { isTerminal } from "@/lib/agent/state";
import { Empty } from "../../ui/states";
import { StatusBadge } from "../../ui/status-badge";
import { ChecklistList } from "./checklist-list";
import { reportForDownload } from "./report-download";
import { ReportMarkdown } from "./report-markdown";
import "./report.css";

const fmtBytes = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`);

/** The final report: what `run.finished` names, or the `report` artifact the loop writes just before. */
function finalReport(state: RunState): { artifact: Artifact; markdown: string } | null {
  const id = state.outcome?.reportArtifactId ?? "report";
  const artifact = state.artifacts[id];
  return artifact && typeof artifact.data === "string" ? { artifact, markdown: artifact.data } : null;
}

/** The newest artifact carrying Markdown (a composed report awaiting its checks). */
function latestDraft(state: RunState): { artifact: Artifact; markdown: string } | null {
  // Artifact ids are not numeric, so the record keeps the order in which they were written.
  for (const artifact of Object.values(state.artifacts).reverse()) {
    const markdown = (artifact.data as { markdown?: unknown } | null)?.markdown;
    if (typeof markdown === "string" && markdown.trim()) return { artifact, markdown };
  }
  return null;
}

function download(markdown: string, filename: string) {
  const url = URL.createObjectURL(new Blob([markdown], { type: "text/markdown;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; revoking on the next tick frees the blob without racing it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ReportPanel({ state, runId }: { state: RunState; runId: string }) {
  const report = finalReport(state);
  if (report) {
    const words = report.markdown.split(/\s+/).filter(Boolean).length;
    return (
      <div className="rep" data-testid="report" data-state="final">
        <div className="rep-bar">
          <div className="rep-bar-title">
            <StatusBadge status="succeeded" />
            <strong>Final report</strong>
            <span className="muted">
              {words.toLocaleString("en")} words · {fmtBytes(report.artifact.bytes)}
              {report.artifact.taskId && ` · from task ${report.artifact.taskId}`}
            </span>
          </div>
          <button
            type="button"
            className="btn"
            data-testid="report-download"
            onClick={() =>
              download(reportForDownload(report.markdown, window.location.origin), `${runId}-report.md`)
            }
          >
            <span aria-hidden="true">⤓</span> Download .md
          </button>
        </div>
        <ChecklistList state={state} />
        <ReportMarkdown markdown={report.markdown} prefix={`${runId}-report`} />
      </div>
    );
  }

  const draft = latestDraft(state);
  const ended = isTerminal(state.status);
  return (
    <div className="rep" data-testid="report" data-state={draft ? "draft" : "empty"}>
      <ChecklistList state={state} />
      {ended ? (
        <Empty title="This run ended without a report" testId="report-empty">
          {state.outcome?.reason ?? `The run ${state.status}.`} A report appears only when the deliverable
          passes its criteria.
        </Empty>
      ) : (
        <Empty title="No report yet" testId="report-empty">
          The report appears here when the deliverable task passes its criteria.
          {draft ? " Below is the latest draft." : " No draft has been written so far."}
        </Empty>
      )}
      {draft && (
        <section className="rep-draft" aria-label="Latest draft" data-testid="report-draft">
          <div className="rep-bar">
            <div className="rep-bar-title">
              <span className="badge badge-waiting">
                <span aria-hidden="true">✎</span> draft
              </span>
              <strong>{draft.artifact.name}</strong>
              <span className="muted">not yet accepted — it may still fail its checks</span>
            </div>
          </div>
          <ReportMarkdown markdown={draft.markdown} prefix={`${runId}-draft`} />
        </section>
      )}
    </div>
  );
}
