import type { MemoryEntry, MemoryState } from "./entry";

export interface RenderOptions {
  budgetChars: number;
  /** The task being worked on: shown first so the model keeps its focus. */
  focus?: string;
  progress?: { done: number; total: number };
  pending?: string[];
  /** Entries below this confidence go last and are the first dropped. */
  lowConfidence?: number;
}

const kindOrder: Record<MemoryEntry["kind"], number> = {
  goal: 0,
  constraint: 1,
  state: 2,
  subtask: 3,
  result: 4,
  reflection: 5,
  experience: 6,
};

const line = (e: MemoryEntry) =>
  `- [${e.kind}${e.status === "active" ? "" : `, ${e.status}`}, p${e.priority}, conf ${e.confidence.toFixed(2)}] ${e.content}`;

/**
 * Working memory as the prompt sees it, within a character budget. The goal and constraints always
 * come first and are never cut; then the focus, progress and pending queue; then the rest by
 * priority and recency, with low-confidence entries last and dropped first when space runs out.
 */
export function renderMemory(memory: MemoryState, opts: RenderOptions): string {
  const low = opts.lowConfidence ?? 0.3;
  const entries = memory.order.map((id) => memory.entries[id]).filter((e): e is MemoryEntry => !!e);
  const pinned = entries.filter((e) => e.kind === "goal" || e.kind === "constraint");
  const rest = entries
    .filter((e) => e.kind !== "goal" && e.kind !== "constraint" && e.status !== "discarded")
    .sort(
      (a, b) =>
        Number(a.confidence < low) - Number(b.confidence < low) ||
        b.priority - a.priority ||
        b.lastAccess - a.lastAccess ||
        kindOrder[a.kind] - kindOrder[b.kind],
    );

  const head: string[] = [
    "## Goal and constraints",
    ...pinned.sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind]).map(line),
  ];
  if (opts.focus) head.push("## Focus", opts.focus);
  if (opts.progress) head.push("## Progress", `${opts.progress.done}/${opts.progress.total} tasks done`);
  if (opts.pending?.length) head.push("## Pending", ...opts.pending.slice(0, 8).map((p) => `- ${p}`));

  const out = [...head];
  const used = out.join("\n").length;
  const body = ["## Memory (by priority, then recency)"];
  // Joined length of the body so far, kept as a running total (joining per line would be quadratic).
  let bodyLength = (body[0] as string).length;
  // Length of the output with the body so far plus one more line of `extra` characters.
  const withLine = (extra: number) => used + 1 + bodyLength + 1 + extra;
  const note = (n: number) => `(${n} lower-priority or low-confidence entries left out)`;
  let dropped = 0;
  for (const e of rest) {
    const l = line(e);
    // Once anything ranked above is left out, low-confidence entries go too: they never take its place.
    if ((dropped > 0 && e.confidence < low) || withLine(l.length) > opts.budgetChars) {
      dropped++;
      continue;
    }
    body.push(l);
    bodyLength += 1 + l.length;
  }
  // The count of left-out entries is part of the prompt too: make room for it.
  while (dropped > 0 && body.length > 1 && withLine(note(dropped).length) > opts.budgetChars) {
    bodyLength -= 1 + (body.pop() as string).length;
    dropped++;
  }
  if (body.length > 1) out.push(...body);
  if (dropped > 0) out.push(note(dropped));
  return out.join("\n");
}
