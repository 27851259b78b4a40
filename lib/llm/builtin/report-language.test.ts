import { describe, expect, it } from "vitest";
import { clarify } from "./clarify";
import { researchFrame } from "./frame";
import { buildReport } from "./report-content";
import type { Upstream } from "./upstream";

const up = (facts: { text: string; docId: string }[]): Upstream => ({
  searches: [],
  answers: [],
  derived: [],
  figures: [],
  reads: facts.map((f) => ({
    docId: f.docId,
    title: f.docId,
    source: "test",
    published: "2025-01-01",
    text: f.text,
    figures: [],
  })),
  facts: facts.map((f, order) => ({ ...f, title: f.docId, topic: "manufacturing adoption", order })),
});

describe("report language", () => {
  it("marks a quote in the other language as such, and leaves same-language quotes alone", () => {
    const goal = "Project X manufacturing adoption";
    const spec = clarify({ purpose: "clarify", goal, answers: [] }).spec;
    if (!spec) throw new Error("expected a spec");
    const report = buildReport(
      researchFrame(spec, goal),
      up([
        { text: "Manufacturing adoption of Project X reached 34% of technicians in 2025.", docId: "en-doc" },
        {
          text: "Project X 在制造业（manufacturing）的采用（adoption）：34% 的技师每周使用。",
          docId: "zh-doc",
        },
      ]),
    );
    const lines = report.sections.flatMap((s) => s.paragraphs.map((p) => p.text));
    expect(lines.find((l) => l.includes("技师"))).toMatch(/\(quoted from a Chinese source\)$/);
    expect(lines.find((l) => l.startsWith("Manufacturing"))).not.toMatch(/quoted from/);
  });
});

describe("derived figures in the report", () => {
  it("are listed in the order they were made, whatever order they arrive in", () => {
    const goal = "Annual cost for 600 seats of Fernbrook after its discount";
    const spec = clarify({ purpose: "clarify", goal, answers: [] }).spec;
    if (!spec) throw new Error("expected a spec");
    const calc = (taskId: string, label: string) => ({
      taskId,
      label,
      operation: "product",
      formatted: "USD 1",
      formula: "…",
      docIds: ["d"],
    });
    const report = buildReport(researchFrame(spec, goal), {
      ...up([{ text: "Fernbrook lists at USD 49 per technician per month.", docId: "d" }]),
      derived: [calc("calc10", "Gap"), calc("calc2", "Total"), calc("calc1", "Discounted price")],
    });
    const section = report.sections.find((s) => s.heading === "Derived figures");
    expect(section?.paragraphs.map((p) => p.text.split(":")[0])).toEqual([
      "Discounted price",
      "Total",
      "Gap",
    ]);
  });
});

describe("a name the library lacks", () => {
  it("is said to be missing in the report, in the report's language", () => {
    const goal = "Project X market size in Latin America";
    const spec = clarify({ purpose: "clarify", goal, answers: [] }).spec;
    if (!spec) throw new Error("expected a spec");
    const withAbsent = { ...spec, constraints: [...spec.constraints, "Not in the library: Latin America"] };
    const report = buildReport(
      researchFrame(withAbsent, goal),
      up([{ text: "The Project X market reached USD 4.2 billion in 2025.", docId: "d" }]),
    );
    const gaps = report.sections.find((s) => s.heading === "Not found in the sources read");
    expect(gaps?.paragraphs.map((p) => p.text)).toContain(
      "No document in the library mentions Latin America: the report has no figures for it.",
    );
  });
});
