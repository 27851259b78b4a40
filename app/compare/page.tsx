import type { Metadata } from "next";
import Link from "next/link";
import { CompareView } from "@/components/compare/compare-view";
import { isServiceError } from "@/lib/runs/errors";
import { runStateAt } from "@/lib/runs/service/queries";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare runs" };

/** `/compare?a=<run>&b=<run>`: a run and its fork, or a full run and an ablation. */
export default async function ComparePage({
  searchParams,
}: {
  searchParams: Promise<{ a?: string; b?: string }>;
}) {
  const { a, b } = await searchParams;
  if (typeof a !== "string" || typeof b !== "string" || !a || !b) {
    return (
      <div className="state state-empty" data-testid="compare-missing">
        <strong>Pick two runs to compare</strong>
        <div>
          Tick two runs on the <Link href="/">runs list</Link> and press <em>Compare</em>, or open{" "}
          <code>/compare?a=&lt;run id&gt;&amp;b=&lt;run id&gt;</code>.
        </div>
      </div>
    );
  }
  try {
    const service = await getRunService();
    const [sa, sb] = await Promise.all([runStateAt(service, a), runStateAt(service, b)]);
    return <CompareView a={sa} b={sb} />;
  } catch (e) {
    if (isServiceError(e) && (e.code === "run_not_found" || e.code === "seq_out_of_range")) {
      return (
        <div className="state state-error" role="alert" data-testid="compare-missing">
          {e.message} <Link href="/">Back to the runs</Link>
        </div>
      );
    }
    throw e;
  }
}
