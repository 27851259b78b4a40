import type { Metadata } from "next";
import type { ReactNode } from "react";
import { BenchReport } from "@/components/bench/bench-report";
import { SetSwitcher } from "@/components/bench/set-switcher";
import { Empty, ErrorNotice } from "@/components/ui/states";
import { requireReader } from "@/lib/auth/next";
import {
  benchRoot,
  chooseSet,
  DEFAULT_SET,
  readResults,
  resultsFile,
  setDir,
} from "@/lib/bench/ef/read-results";

export const metadata: Metadata = { title: "Bench" };

// Read on every request: a benchmark run rewrites the file while the server keeps running.
export const dynamic = "force-dynamic";

const refreshCommand = (set: string) =>
  set === DEFAULT_SET ? "npm run bench" : `npm run bench -- --out ${setDir(set)}`;

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="stack">
      <h1>EF-Bench</h1>
      {children}
    </div>
  );
}

export default async function BenchPage({
  searchParams,
}: {
  searchParams: Promise<{ set?: string | string[] }>;
}) {
  await requireReader();
  const { set: asked } = await searchParams;
  // `?set=` with no name asks for nothing in particular.
  const requested = (Array.isArray(asked) ? asked[0] : asked) || undefined;
  const choice = await chooseSet(requested);

  if (!choice.ok && choice.reason === "none") {
    const root = benchRoot();
    return (
      <Shell>
        <Empty title="No benchmark results yet" testId="bench-empty">
          Run <code>npm run bench</code> to measure the agent on every arm; this page then shows its results,
          read from <code>{resultsFile(DEFAULT_SET)}</code>.
          <br />
          Add <code>--out {root}/&lt;name&gt;</code> to make another result set, which you can switch to here.
        </Empty>
      </Shell>
    );
  }
  if (!choice.ok) {
    return (
      <Shell>
        <SetSwitcher sets={choice.sets} current={null} />
        <ErrorNotice
          message={`There is no result set named “${String(requested).slice(0, 80)}” in ${benchRoot()}.`}
          action={<span>Choose one of the sets above.</span>}
        />
      </Shell>
    );
  }

  const { set, sets } = choice;
  const file = resultsFile(set);
  const read = await readResults(set);
  if (read.ok) {
    // Keyed by set, so the failed-case filters start afresh on another set.
    return (
      <BenchReport
        key={set}
        results={read.results}
        source={{ set, sets, file, refresh: refreshCommand(set) }}
      />
    );
  }
  return (
    <Shell>
      {sets.length > 1 && <SetSwitcher sets={sets} current={set} />}
      <ErrorNotice
        message={`The benchmark results at ${file} cannot be shown: ${
          read.reason === "invalid" ? read.message : "the file is gone."
        }`}
        action={
          <span>
            Run <code>{refreshCommand(set)}</code> again to rewrite them.
          </span>
        }
      />
    </Shell>
  );
}
