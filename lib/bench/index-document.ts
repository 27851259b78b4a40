/**
 * bench:index — how long one 1 MB upload takes to parse, tokenize and index (PGlite in memory),
 * English and Chinese. Median of 5; the figure issue 11 asks to stay under a second.
 */
import os from "node:os";
import { createDb } from "../../db/client";
import { DbLibrary } from "../../db/library";
import { parseUpload } from "../tools/library/document";

const RUNS = 5;
const BYTES = 1_000_000;

/** Sentences until the UTF-8 size reaches `bytes`. */
function documentOf(sentences: string[], bytes: number): string {
  const parts = ["# Benchmark document\n\n"];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const s = sentences[i % sentences.length] as string;
    const line = `${s}${i % 5 === 4 ? "\n\n" : " "}`;
    size += Buffer.byteLength(line);
    parts.push(line);
  }
  return parts.join("");
}

const english = documentOf(
  [
    "Project X adoption in manufacturing grew 4.2% in 2025 across 37 vendors.",
    "Quillon's throughput doubled while its latency fell to 120 ms at the 95th percentile.",
    "Pricing models moved from per-seat licences to usage-based billing.",
  ],
  BYTES,
);
const chinese = documentOf(
  [
    "中国制造业企业采用人工智能的比例在二零二五年达到百分之四十二。",
    "供应商在价格与服务上竞争，市场规模持续扩大。",
  ],
  BYTES,
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const { db, close } = await createDb();
  const library = new DbLibrary(db);
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(
    `bench:index — ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, node ${process.version}, load ${load}`,
  );
  for (const [name, text] of [
    ["English", english],
    ["Chinese", chinese],
  ] as const) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      // What an upload does: parse, tokenize, store with its full-text index.
      await library.addDocument(parseUpload(`bench-${name}-${i}.md`, text), {
        uploadedBy: "bench",
        uploadedAt: new Date(),
        fileName: `bench-${name}-${i}.md`,
      });
      const used = process.cpuUsage(c);
      wall.push(performance.now() - t);
      cpu.push((used.user + used.system) / 1000);
    }
    const kb = Math.round(Buffer.byteLength(text) / 1000);
    const runs = wall.map((x) => x.toFixed(0)).join(", ");
    console.log(
      `${name.padEnd(8)} ${kb} kB: median ${median(wall).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU (wall runs: ${runs})`,
    );
  }
  await close();
}

await main();
