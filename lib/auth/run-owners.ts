import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { runOwners } from "@/db/schema/auth";

/** Recorded by the route or action that made the run; a run made before sign-in existed has none. */
export async function recordRunOwner(db: Db, runId: string, ownerId: string): Promise<void> {
  await db.insert(runOwners).values({ runId, ownerId }).onConflictDoNothing();
}

/** The owner's actor id, or null when nobody owns it (only an admin may change such a run). */
export async function runOwner(db: Db, runId: string): Promise<string | null> {
  const [row] = await db
    .select({ ownerId: runOwners.ownerId })
    .from(runOwners)
    .where(eq(runOwners.runId, runId));
  return row?.ownerId ?? null;
}
