import { and, eq } from "drizzle-orm";
import type { Artifact } from "@/lib/agent/state";
import type { ArtifactRow } from "@/lib/runs/run-store";
import type { Db } from "../client";
import { artifacts } from "../schema";

/** Stores an artifact the reducer just added to the state (inside the append transaction). */
export async function insertArtifact(db: Db, runId: string, artifact: Artifact, at: Date): Promise<void> {
  await db
    .insert(artifacts)
    .values({
      runId,
      artifactId: artifact.id,
      name: artifact.name,
      mediaType: artifact.mediaType,
      bytes: artifact.bytes,
      data: artifact.data ?? null,
      createdAt: at,
    })
    .onConflictDoNothing();
}

export async function getArtifact(db: Db, runId: string, artifactId: string): Promise<ArtifactRow | null> {
  const [row] = await db
    .select()
    .from(artifacts)
    .where(and(eq(artifacts.runId, runId), eq(artifacts.artifactId, artifactId)))
    .limit(1);
  return row ?? null;
}
