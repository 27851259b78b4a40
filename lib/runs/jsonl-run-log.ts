import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RunEvent } from "../agent/events";
import type { EventSink } from "../agent/runtime";

/**
 * A run's events as JSON Lines (one event per line), the format runs are exported in. Appends are
 * synchronous so a crash loses at most the event being written.
 */
export class JsonlRunLog implements EventSink {
  readonly file: string;

  private ready = false;

  constructor(readonly dir: string) {
    this.file = path.join(dir, "events.jsonl");
  }

  append(event: RunEvent): void {
    // Created on the first event, so input refused before a run starts leaves nothing behind.
    if (!this.ready) mkdirSync(this.dir, { recursive: true });
    this.ready = true;
    appendFileSync(this.file, `${JSON.stringify(event)}\n`);
  }

  read(): RunEvent[] {
    return existsSync(this.file) ? parseJsonl(readFileSync(this.file, "utf8")) : [];
  }
}

export class InvalidRunLog extends Error {
  override readonly name = "InvalidRunLog";
}

/** Parse and validate a JSON Lines export; a bad line is an error naming the line, never skipped. */
export function parseJsonl(text: string): RunEvent[] {
  const events: RunEvent[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (!line.trim()) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new InvalidRunLog(`line ${i + 1}: not JSON`);
    }
    const parsed = RunEvent.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InvalidRunLog(`line ${i + 1}: ${issue?.path.join(".") || "event"}: ${issue?.message}`);
    }
    if (parsed.data.seq !== events.length) {
      throw new InvalidRunLog(`line ${i + 1}: seq ${parsed.data.seq} where ${events.length} was expected`);
    }
    events.push(parsed.data);
  }
  return events;
}
