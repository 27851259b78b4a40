import { randomUUID } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { answerQuestion, createRun, drive, InvalidRunInput, resumeRun } from "../agent/loop";
import type { RunContext } from "../agent/run-context";
import type { RunState } from "../agent/state";
import { traceLine } from "../agent/trace";
import type { ChatModel } from "../llm/chat-model";
import { dataDir, runDir } from "../runs/data-dir";
import { JsonlRunLog } from "../runs/jsonl-run-log";
import { createModel, type ModelChoice, runDeps } from "../runs/run-environment";
import { RUN_ID, unsafeTextReason } from "../runs/safe-text";
import { terminalNotice, withWaitNotice } from "./model-wait";

const usage = `Usage:
  npm run agent -- "<goal>"                 run a goal headless on the builtin model
  npm run agent -- --model openai "<goal>"  use OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL
  npm run agent -- --model local "<goal>"   run the GGUF file PREFRONTAL_GGUF in-process (node-llama-cpp)
  npm run agent -- --resume <runId> [--answer "<text>"]   continue a run (answering its open question)`;

function metrics(s: RunState, wallMs: number): string {
  const decisions = Object.entries(s.counters.decisions)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  return [
    `status        ${s.status}${s.outcome ? ` — ${s.outcome.reason}` : ""}`,
    `iterations    ${s.counters.iterations}`,
    `tool calls    ${s.counters.toolCalls}`,
    `model calls   ${s.counters.modelCalls}`,
    `tokens        ${s.counters.tokens}`,
    `reflections   ${s.counters.reflections} (${s.counters.ineffectiveReflections} ineffective)`,
    `decisions     ${decisions || "none"}`,
    `wall time     ${(wallMs / 1000).toFixed(2)} s`,
  ].join("\n");
}

async function answerPending(ctx: RunContext): Promise<boolean> {
  const pending = Object.values(ctx.state.questions).filter(
    (q) => q.status === "pending" && q.blocking !== false,
  );
  if (pending.length === 0 || !process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (const q of pending) {
      const choices = q.choices.length ? ` [${q.choices.join(" / ")}]` : "";
      const answer = await rl.question(`\n? ${q.prompt}${choices}\n> `);
      const unsafe = unsafeTextReason(answer);
      if (unsafe) {
        console.error(`The answer ${unsafe}; the run waits for another.`);
        return false;
      }
      await answerQuestion(ctx, q.id, answer || "skip", process.env.USER ?? "cli");
    }
  } finally {
    rl.close();
  }
  return true;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      model: { type: "string", default: "builtin" },
      resume: { type: "string" },
      answer: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || (!values.resume && positionals.length === 0)) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (values.model !== "builtin" && values.model !== "openai" && values.model !== "local") {
    console.error(`Unknown model "${values.model}": use builtin, openai or local.`);
    return 2;
  }
  let model: ChatModel;
  try {
    model = createModel(values.model as ModelChoice);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 2;
  }
  // A real model can take long: say so while a call is in flight, instead of a silent terminal.
  if (values.model !== "builtin") model = withWaitNotice(model, terminalNotice());
  // The same checks as the app's: text the run log's readers (and the database, on import) refuse.
  for (const [label, text] of [
    ["goal", positionals.join(" ")],
    ["answer", values.answer ?? ""],
  ] as const) {
    const unsafe = unsafeTextReason(text);
    if (unsafe) {
      console.error(`The ${label} ${unsafe}.`);
      return 2;
    }
  }
  if (values.resume !== undefined && !RUN_ID.test(values.resume)) {
    console.error(`"${values.resume.slice(0, 80)}" is not a run id (letters, digits, '_' or '-').`);
    return 2;
  }
  const runId =
    values.resume ??
    `${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}-${randomUUID().slice(0, 6)}`;
  const dir = runDir(dataDir(), runId);
  const log = new JsonlRunLog(dir);
  const sink = {
    append: (e: Parameters<JsonlRunLog["append"]>[0]) => {
      log.append(e);
      console.log(traceLine(e));
    },
  };
  const abort = new AbortController();
  process.once("SIGINT", () => abort.abort("interrupted from the terminal"));
  const deps = await runDeps({
    runDir: dir,
    model,
    sink,
    signal: abort.signal,
  });
  const started = Date.now();
  let ctx: RunContext;
  if (values.resume) {
    const events = log.read();
    if (events.length === 0) {
      console.error(`No run ${values.resume} under ${path.dirname(dir)}.`);
      return 2;
    }
    ctx = resumeRun(deps, events);
    const open = Object.values(ctx.state.questions).find(
      (q) => q.status === "pending" && q.blocking !== false,
    );
    if (values.answer && open) await answerQuestion(ctx, open.id, values.answer, process.env.USER ?? "cli");
  } else {
    ctx = await createRun(deps, { runId, goal: positionals.join(" ") });
  }
  let state = await drive(ctx);
  while (state.status === "waiting" && (await answerPending(ctx))) state = await drive(ctx);
  console.log("");
  if (state.status === "waiting") {
    const q = Object.values(state.questions).find((x) => x.status === "pending" && x.blocking !== false);
    console.log(
      `Waiting for an answer: ${q?.prompt}\nResume with: npm run agent -- --resume ${runId} --answer "<text>"`,
    );
  }
  const report = state.outcome?.reportArtifactId ? path.join(dir, "workspace", "report.md") : null;
  console.log(`run       ${runId}\nevents    ${log.file}\nreport    ${report ?? "(none)"}`);
  console.log(metrics(state, Date.now() - started));
  return state.status === "succeeded" || state.status === "waiting" ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof InvalidRunInput ? `Invalid input: ${e.message}` : e);
    process.exit(e instanceof InvalidRunInput ? 2 : 1);
  },
);
