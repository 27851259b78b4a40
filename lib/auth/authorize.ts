import "server-only";
import { getDb } from "@/db/client";
import { ServiceError } from "@/lib/runs/errors";
import { currentActor } from "./current-actor";
import { type Actor, deny, type Verb } from "./roles";
import { recordRunOwner, runOwner } from "./run-owners";

/**
 * The check every route handler and server action makes before it does anything: who is asking,
 * and may they `verb` (on `runId`, when it acts on an existing run). Throws a typed 401/403.
 */
export async function authorize(headers: Headers, verb: Verb, runId?: string): Promise<Actor> {
  const actor = await currentActor(headers);
  if (!actor) throw new ServiceError("unauthorized", "Sign in first.");
  const owner = runId === undefined ? undefined : await runOwner((await getDb()).db, runId);
  const denial = deny(actor, verb, owner);
  if (denial) throw new ServiceError(denial.code, denial.message);
  return actor;
}

/** After a run is made (start, fork, import): its maker owns it. */
export async function ownRun(actor: Actor, runId: string): Promise<void> {
  await recordRunOwner((await getDb()).db, runId, actor.id);
}

/** A run id from an untrusted action input, for the ownership check (the service validates it fully). */
export function runIdOf(input: unknown): string | undefined {
  const id = (input as { runId?: unknown } | null)?.runId;
  return typeof id === "string" ? id : undefined;
}
