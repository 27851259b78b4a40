/**
 * bench:service — the run service on a real database: append throughput with 20 concurrent runs,
 * SSE latency from append to client receipt, bytes stored per step, time to rebuild the state at
 * an arbitrary step of a long run (with several `snapshotEvery`), and resident memory.
 *
 * `npm run bench:service` (PostgreSQL too when DATABASE_URL is set, in a throwaway schema).
 * `npm run bench:service -- 2 4` runs only those sections. Each section lives in `./service/`.
 */
import { rmSync } from "node:fs";
import os from "node:os";
import { testService } from "../runs/testing/service-harness";
import { printBytes, storedBytes } from "./service/bytes";
import { appMemory, printProcessRss } from "./service/memory";
import { timeTravelSection } from "./service/rebuild";
import { type Backend, pgliteOnDisk, postgres, rss } from "./service/shared";
import { sseLatency } from "./service/sse-latency";
import { appendThroughput } from "./service/throughput";

const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;
const only = new Set(process.argv.slice(2).map(Number));
const wanted = (n: number) => only.size === 0 || only.has(n);

// ---- main -------------------------------------------------------------------------------------------

console.log(
  `bench:service — machine: ${os.cpus()[0]?.model ?? "unknown cpu"} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${new Date().toISOString()}`,
);
const rssStart = rss();

const backends: (Backend | string)[] = [
  pgliteOnDisk(),
  DATABASE_URL ? postgres(DATABASE_URL) : "PostgreSQL: skipped — DATABASE_URL is unset",
];
if (wanted(1) || wanted(2) || wanted(3) || wanted(5)) {
  for (const backend of backends) {
    if (typeof backend === "string") {
      console.log(backend);
      continue;
    }
    console.log(`${backend.name}:`);
    const r0 = rss();
    const handle = await backend.open();
    try {
      const { service, errors } = await testService(handle.db);
      await service.o.library();
      const rOpen = rss();
      if (wanted(1) || wanted(3) || wanted(5)) {
        await appendThroughput(service, errors);
        if (wanted(3) || wanted(1)) printBytes(await storedBytes(handle.db));
        if (handle.kind === "pglite") printProcessRss(rssStart, r0, rOpen);
      }
      if (wanted(2)) await sseLatency(handle.db, backend.name);
      rmSync(service.o.dataDir, { recursive: true, force: true });
    } finally {
      await handle.close();
      backend.cleanup();
    }
  }
}
if (wanted(4)) await timeTravelSection();
if (wanted(5)) await appMemory();
