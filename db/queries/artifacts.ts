import { and, eq } from "drizzle-orm";
import type { ArtifactRow } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { artifacts } from "../schema";
import { lineageOf } from "./lineage";

/**
 * The run's artifact; a fork by reference also finds those written before its fork (stored with
 * the run that wrote them), its own first.
 */
export async function getArtifact(db: Db, runId: string, artifactId: string): Promise<ArtifactRow | null> {
  const lineage = await lineageOf(db, runId);
  for (const { runId: holder } of lineage?.segments ?? [{ runId }]) {
    const [row] = await db
      .select()
      .from(artifacts)
      .where(and(eq(artifacts.runId, holder), eq(artifacts.artifactId, artifactId)))
      .limit(1);
    if (row) return { ...row, runId };
  }
  return null;
}
