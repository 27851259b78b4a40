import type { Metadata } from "next";
import { BenchReport } from "@/components/bench/bench-report";
import { Empty, ErrorNotice } from "@/components/ui/states";
import { readLatestResults, resultsFile } from "@/lib/bench/ef/read-results";

export const metadata: Metadata = { title: "Bench · Prefrontal" };

// Read on every request: a benchmark run rewrites the file while the server keeps running.
export const dynamic = "force-dynamic";

export default async function BenchPage() {
  const latest = await readLatestResults();
  const where = resultsFile();
  if (latest.ok) return <BenchReport results={latest.results} where={where} />;
  return (
    <div className="stack">
      <h1>EF-Bench</h1>
      {latest.reason === "missing" ? (
        <Empty title="No benchmark results yet" testId="bench-empty">
          Run <code>npm run bench</code> to measure the agent on every arm; this page then shows its results,
          read from <code>{where}</code>.
        </Empty>
      ) : (
        <ErrorNotice
          message={`The benchmark results at ${where} cannot be shown: ${latest.message}`}
          action={
            <span>
              Run <code>npm run bench</code> again to rewrite them.
            </span>
          }
        />
      )}
    </div>
  );
}
