import type { Situation } from "../experience/lesson";
import type { RecalledLesson } from "../experience/retrieve";
import type { ChatModel } from "../llm/chat-model";
import type { DocumentLibrary } from "../tools/library/document-library";
import type { ToolRegistry } from "../tools/tool";
import type { Workspace } from "../tools/workspace";
import type { RunEvent, ToolResult } from "./events";
import type { RunState } from "./state";

/** Wall time and waiting, passed in so tests control time. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Where events go: a file, a database, a test array. Appends arrive in seq order, each with the
 * state it produced (for projections and periodic snapshots).
 */
export interface EventSink {
  append(event: RunEvent, state: RunState): void | Promise<void>;
  /**
   * Several consecutive events at once, each with the state it produced: stored together (one
   * transaction) or not at all. Optional; without it the events go to `append` one by one.
   */
  appendBatch?(entries: readonly SinkEntry[]): void | Promise<void>;
}

export interface SinkEntry {
  event: RunEvent;
  state: RunState;
}

/** Everything the loop needs from the world; nothing else is imported. */
export interface AgentDeps {
  model: ChatModel;
  tools: ToolRegistry;
  library: DocumentLibrary;
  workspace: Workspace;
  clock: Clock;
  /** Uniform in [0, 1); seeded in tests. */
  random: () => number;
  sink: EventSink;
  /** Cancels the run: the loop stops at the next safe point and records run.cancelled. */
  signal?: AbortSignal;
  /** Recorded replies and tool results of a fork's parent, reused for identical requests. */
  replay?: ReplayCache;
  /** Messages from people that reach a run while it runs (checked before every step). */
  mailbox?: Mailbox;
  /** Lessons from earlier runs, recalled at decision points (absent: the run has no experience). */
  experience?: ExperienceSource;
}

export interface ExperienceSource {
  /** The few lessons that match the situation, best first, each with why it matched. */
  recall(situation: Situation): Promise<RecalledLesson[]>;
}

/** A requirement change for a running run: recorded as goal.amended, then the plan follows it. */
export interface Amendment {
  text: string;
  by: string;
}

export interface Mailbox {
  /** Messages not yet delivered, given the state so far; each is returned once. */
  take(state: RunState): Amendment[];
  /** Answers to questions the run asked aside (it did not wait for them); each is returned once. */
  answers?(state: RunState): { questionId: string; answer: string; by: string }[];
}

export interface ReplayCache {
  /** By request hash (purpose + context). */
  model: ReadonlyMap<string, { output: unknown; model: string }>;
  /** By idempotency key: successful results with their outputs. */
  tools: ReadonlyMap<string, { result: ToolResult; output: unknown }>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    }),
};

/** A deterministic source of randomness (mulberry32), for reproducible backoff jitter. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
