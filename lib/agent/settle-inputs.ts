import { z } from "zod";
import type { TaskInput } from "../llm/model-context";
import { settleFigures } from "../monitor/settle-figures";
import { skillEnabled } from "../skills/registry";
import { executiveOf, type RunConfig } from "./config";

/**
 * The monitor acts on what it found: sources that disagree on a figure are settled before a later
 * step reads them (`lib/monitor/settle-figures.ts`), so the model drafting the report, whichever
 * model it is, sees one value per figure. Part of the rules-first monitor's contradiction check: no
 * monitor, a model-only monitor or that skill switched off leaves the inputs as the tools returned them.
 */
export function settleInputs(config: RunConfig, inputs: TaskInput[]): TaskInput[] {
  if (executiveOf(config).monitor !== "rules" || !skillEnabled(config, "contradiction-check")) return inputs;
  const reads: { input: number; docs: Doc[] }[] = [];
  const extracts: { input: number; data: Extracted }[] = [];
  inputs.forEach((input, i) => {
    if (input.tool === "read") {
      const data = ReadData.safeParse(input.data);
      if (data.success) reads.push({ input: i, docs: data.data.documents });
    } else if (input.tool === "extract") {
      const data = ExtractData.safeParse(input.data);
      if (data.success) extracts.push({ input: i, data: data.data });
    }
  });
  if (reads.length + extracts.length < 2) return inputs;
  const readings = reads.flatMap((r) => r.docs);
  const seen = new Set<string>();
  const settled = settleFigures({
    reads: readings.filter((d) => !seen.has(d.docId) && seen.add(d.docId)),
    readings,
    facts: extracts.flatMap((e) => e.data.facts),
    figures: extracts.flatMap((e) => e.data.figures),
  });
  const out = [...inputs];
  let doc = 0;
  for (const r of reads) {
    const documents = (settled.readings ?? readings).slice(doc, doc + r.docs.length);
    doc += r.docs.length;
    out[r.input] = {
      ...(inputs[r.input] as TaskInput),
      data: { ...asObject(inputs[r.input]?.data), documents },
    };
  }
  let fact = 0;
  let figure = 0;
  for (const e of extracts) {
    const facts = settled.facts.slice(fact, fact + e.data.facts.length);
    const figures = settled.figures.slice(figure, figure + e.data.figures.length);
    fact += e.data.facts.length;
    figure += e.data.figures.length;
    out[e.input] = {
      ...(inputs[e.input] as TaskInput),
      data: { ...asObject(inputs[e.input]?.data), facts, figures },
    };
  }
  return out;
}

const asObject = (data: unknown): Record<string, unknown> =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};

// Lenient: the fields settling uses, every other field kept as the tool returned it.
const Doc = z.looseObject({
  docId: z.string(),
  text: z.string().default(""),
  figures: z.array(z.looseObject({ name: z.string(), value: z.string() })).default([]),
});
type Doc = z.infer<typeof Doc>;
const ReadData = z.looseObject({ documents: z.array(Doc) });
const ExtractData = z.looseObject({
  facts: z.array(z.looseObject({ text: z.string(), docId: z.string() })).default([]),
  figures: z.array(z.looseObject({ docId: z.string(), name: z.string(), value: z.string() })).default([]),
});
type Extracted = z.infer<typeof ExtractData>;
