import type { ChatModel } from "../llm/chat-model";

export interface WaitNotice {
  /** Shows (or replaces) the notice line. */
  show(text: string): void;
  /** Removes the notice once nothing is in flight. */
  clear(): void;
}

/** A notice on a terminal: one line rewritten in place; elsewhere (a log) a line every 10 s. */
export function terminalNotice(stream: NodeJS.WriteStream = process.stderr): WaitNotice {
  let shown = false;
  let lastLogged = -1;
  return {
    show(text) {
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${text}`);
        shown = true;
        return;
      }
      const seconds = Number(/\((\d+) s\)/.exec(text)?.[1] ?? 0);
      if (seconds >= 10 && Math.floor(seconds / 10) !== lastLogged) {
        lastLogged = Math.floor(seconds / 10);
        stream.write(`${text}\n`);
      }
    },
    clear() {
      if (shown) stream.write("\r\x1b[2K");
      shown = false;
      lastLogged = -1;
    },
  };
}

/**
 * The model, saying "waiting for the model (12 s)…" while a call is in flight (the oldest one's
 * age), so a slow or hung server is visible instead of a silent terminal.
 */
export function withWaitNotice(
  model: ChatModel,
  notice: WaitNotice,
  opts: { now?: () => number; everyMs?: number } = {},
): ChatModel {
  const now = opts.now ?? (() => Date.now());
  /** Start time of each call in flight, by a call number (two calls may start in the same ms). */
  const inFlight = new Map<number, number>();
  let calls = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    if (inFlight.size === 0) return;
    const seconds = Math.floor((now() - Math.min(...inFlight.values())) / 1000);
    const more = inFlight.size > 1 ? `, ${inFlight.size} calls` : "";
    notice.show(`waiting for the model (${seconds} s${more})…`);
  };
  const track = async <T>(call: () => Promise<T>): Promise<T> => {
    const id = ++calls;
    inFlight.set(id, now());
    timer ??= setInterval(tick, opts.everyMs ?? 1_000);
    try {
      return await call();
    } finally {
      inFlight.delete(id);
      if (inFlight.size === 0) {
        clearInterval(timer);
        timer = undefined;
        notice.clear();
      }
    }
  };
  return {
    name: model.name,
    generateObject: (r) => track(() => model.generateObject(r)),
    callTools: (r) => track(() => model.callTools(r)),
    promptBudgetChars: model.promptBudgetChars
      ? (tier) => model.promptBudgetChars?.(tier) ?? Promise.resolve(null)
      : undefined,
  };
}
