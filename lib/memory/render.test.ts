import { describe, expect, it } from "vitest";
import { emptyMemory, type MemoryEntry, type MemoryState } from "./entry";
import { renderMemory } from "./render";
import { addEntry } from "./working-memory";

type EntryInput = Pick<MemoryEntry, "id" | "kind"> & Partial<MemoryEntry>;

const memoryOf = (...entries: EntryInput[]): MemoryState =>
  entries.reduce(
    (m, e) =>
      addEntry(m, {
        content: e.id,
        status: "active",
        confidence: 0.9,
        priority: 3,
        source: "executor",
        createdAt: 0,
        lastAccess: 0,
        extra: {},
        ...e,
      }),
    emptyMemory(),
  );

const pinned = [
  { id: "c0", kind: "constraint", content: "Cite every figure", priority: 5 },
  { id: "goal", kind: "goal", content: "Research the Project X market", priority: 5 },
] as const;

const lineOf = (out: string, text: string) => out.split("\n").findIndex((l) => l.includes(text));

describe("renderMemory", () => {
  it("puts the goal first, then constraints, then focus, progress and pending", () => {
    const m = memoryOf({ id: "r1", kind: "result", content: "found 5 sources" }, ...pinned);
    const out = renderMemory(m, {
      budgetChars: 2_000,
      focus: "t2: extract market figures",
      progress: { done: 1, total: 4 },
      pending: ["t3", "report"],
    });
    const order = [
      "Research the Project X market",
      "Cite every figure",
      "t2: extract market figures",
      "1/4 tasks done",
      "- t3",
      "- report",
      "found 5 sources",
    ].map((t) => lineOf(out, t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("keeps the goal and constraints in full even when the budget is tiny", () => {
    const m = memoryOf(...pinned, { id: "r1", kind: "result", content: "a result" });
    const out = renderMemory(m, { budgetChars: 10 });
    expect(out).toContain("Research the Project X market");
    expect(out).toContain("Cite every figure");
    expect(out).not.toContain("a result");
    expect(out).toContain("(1 lower-priority or low-confidence entries left out)");
  });

  it("ranks the rest by priority, then recency, low-confidence entries last", () => {
    const m = memoryOf(
      ...pinned,
      { id: "shaky", kind: "result", content: "shaky claim", priority: 5, confidence: 0.2 },
      { id: "old", kind: "result", content: "old result", priority: 3, lastAccess: 1 },
      { id: "recent", kind: "result", content: "recent result", priority: 3, lastAccess: 7 },
      { id: "key", kind: "subtask", content: "key subtask", priority: 4 },
    );
    const out = renderMemory(m, { budgetChars: 2_000 });
    const order = ["key subtask", "recent result", "old result", "shaky claim"].map((t) => lineOf(out, t));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(out).not.toContain("left out");
  });

  it("drops low-confidence entries first and never lets them take the place of a better one", () => {
    const m = memoryOf(
      ...pinned,
      { id: "big", kind: "result", content: `long summary ${"x".repeat(300)}`, priority: 4 },
      { id: "small", kind: "result", content: "short and sure", priority: 2 },
      { id: "shaky", kind: "result", content: "short guess", priority: 5, confidence: 0.1 },
    );
    const full = renderMemory(m, { budgetChars: 5_000 });
    expect(full).toContain("short guess");
    // Room for everything but the 300-character line.
    const out = renderMemory(m, { budgetChars: full.length - 200 });
    expect(out).toContain("short and sure");
    expect(out).not.toContain("long summary");
    expect(out).not.toContain("short guess");
    expect(out).toContain("(2 lower-priority or low-confidence entries left out)");
  });

  it("stays within the budget, counting the left-out note, whenever the pinned part fits", () => {
    const results = Array.from({ length: 20 }, (_, i) => ({
      id: `r${i}`,
      kind: "result" as const,
      content: `result number ${i} ${"y".repeat(i * 7)}`,
      priority: (i % 5) + 1,
      confidence: i % 4 === 0 ? 0.2 : 0.8,
    }));
    const m = memoryOf(...pinned, ...results);
    const pinnedOnly = renderMemory(memoryOf(...pinned), { budgetChars: 100_000 }).length;
    for (let budget = pinnedOnly + 60; budget < 2_500; budget += 13) {
      const out = renderMemory(m, { budgetChars: budget });
      expect(out.length, `budget ${budget}`).toBeLessThanOrEqual(budget);
      const shown = out.split("\n").filter((l) => l.includes("result number")).length;
      const note = out.match(/\((\d+) lower-priority or low-confidence entries left out\)/);
      expect(shown + Number(note?.[1] ?? 0), `budget ${budget}`).toBe(20);
    }
  });

  it("leaves out discarded entries but shows the status of finished ones", () => {
    const m = memoryOf(
      ...pinned,
      { id: "gone", kind: "result", content: "discarded result", status: "discarded" },
      { id: "t1", kind: "subtask", content: "t1: search", status: "done", priority: 2 },
    );
    const out = renderMemory(m, { budgetChars: 2_000 });
    expect(out).not.toContain("discarded result");
    expect(out).toContain("- [subtask, done, p2, conf 0.90] t1: search");
  });
});
