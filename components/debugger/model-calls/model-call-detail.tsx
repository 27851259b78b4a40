"use client";

import type { ModelExchange } from "@/lib/agent/events";
import { CopyButton } from "./copy-button";
import { formatCount, formatMs, formatUsd, type ModelCallRow } from "./model-call-stats";

const pretty = (v: unknown) => JSON.stringify(v, null, 2) ?? "null";

/** A reply as the model wrote it, pretty-printed when it is JSON. */
function prettyRaw(raw: string): string {
  try {
    return pretty(JSON.parse(raw));
  } catch {
    return raw;
  }
}

/** One model call: what it cost and took, the messages sent, and what came back. */
export function ModelCallDetail({
  row,
  onSelectTask,
}: {
  row: ModelCallRow;
  onSelectTask: (taskId: string) => void;
}) {
  const e = row.event;
  const reply = e.error ? pretty(e.error) : pretty(e.output);
  return (
    <article
      className="mc-detail"
      data-testid="model-call-detail"
      data-seq={row.seq}
      aria-labelledby="mc-title"
    >
      <h3 id="mc-title">
        #{row.seq} · {row.group}
        {row.group !== e.purpose && <span className="muted"> ({e.purpose} of the deliverable)</span>}
      </h3>
      <dl className="mc-meta">
        <dt>Call</dt>
        <dd className="mono">{e.callId}</dd>
        <dt>Task</dt>
        <dd>
          {row.taskId ? (
            <button
              type="button"
              className="td-select mono"
              onClick={() => onSelectTask(row.taskId as string)}
            >
              {row.taskId}
            </button>
          ) : (
            "—"
          )}
          {row.attempt !== null && ` · attempt ${row.attempt}`}
        </dd>
        <dt>Tier · model</dt>
        <dd>
          {e.tier} · <span className="mono">{e.model}</span>
        </dd>
        <dt>Tokens in / out</dt>
        <dd className="mono" data-testid="model-call-tokens">
          {formatCount(e.usage.promptTokens)} / {formatCount(e.usage.completionTokens)}
        </dd>
        <dt>Latency</dt>
        <dd className="mono">{formatMs(e.latencyMs)}</dd>
        <dt>Cost</dt>
        <dd className="mono">{formatUsd(e.usage.costUsd)}</dd>
        <dt>Repair rounds</dt>
        <dd className="mono">{e.repairRounds}</dd>
        <dt>Prompt</dt>
        <dd className="mono">{formatCount(e.promptChars)} characters</dd>
        {e.replayed && (
          <>
            <dt>Replayed</dt>
            <dd>reused from the parent run: not asked again, not paid for</dd>
          </>
        )}
      </dl>
      <Messages exchange={e.exchange} />
      <section className="mc-block" aria-label={e.error ? "Error" : "Reply"}>
        <div className="mc-block-head">
          <h4>{e.error ? "Error" : "Reply (parsed)"}</h4>
          <CopyButton text={reply} label="Copy reply" testId="copy-reply" />
        </div>
        <pre className={`td-pre mc-pre ${e.error ? "is-error" : ""}`} data-testid="model-call-reply">
          {reply}
        </pre>
        {e.exchange?.reply && prettyRaw(e.exchange.reply) !== reply && (
          <details className="mc-raw">
            <summary>As the model wrote it</summary>
            <pre className="td-pre mc-pre">{prettyRaw(e.exchange.reply)}</pre>
          </details>
        )}
      </section>
    </article>
  );
}

function Messages({ exchange }: { exchange: ModelExchange | null }) {
  if (!exchange) {
    return (
      <p className="muted mc-note" data-testid="model-call-no-prompt">
        The prompt was not recorded: this run was not configured to record prompts (Settings → prompts).
      </p>
    );
  }
  return (
    <section className="mc-block" aria-label="Messages sent">
      <div className="mc-block-head">
        <h4>Messages sent</h4>
        <CopyButton text={pretty(exchange.messages)} label="Copy as JSON" testId="copy-messages" />
      </div>
      {exchange.truncated && (
        <p className="muted mc-note">
          Cut to the run’s cap: {formatCount(exchange.chars)} characters were exchanged; the cut is marked.
        </p>
      )}
      <ol className="mc-messages" data-testid="model-call-messages">
        {exchange.messages.map((m, i) => (
          // Messages are positional and never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: a message's place is its identity
          <li key={i} className={`mc-message role-${m.role}`}>
            <span className="mc-role">{m.role}</span>
            <pre className="td-pre mc-pre">{m.content}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
