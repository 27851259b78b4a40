import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isServiceError } from "@/lib/runs/errors";
import { authorize } from "./authorize";
import type { Actor, Verb } from "./roles";

/** For server actions: the same check as a route handler, on the action's request headers. */
export async function authorizeAction(verb: Verb, runId?: string): Promise<Actor> {
  return authorize(await headers(), verb, runId);
}

/** For pages: a reader, or off to the sign-in page (any other failure is the server's, and shows as one). */
export async function requireReader(): Promise<Actor> {
  const actor = await authorize(await headers(), "read").catch((e: unknown) => {
    if (isServiceError(e) && (e.code === "unauthorized" || e.code === "forbidden")) return null;
    throw e;
  });
  if (actor === null) redirect("/sign-in");
  return actor;
}

/** An untrusted action input with `by` replaced by the actor: nobody signs as someone else. */
export function signedBy(input: unknown, actor: Actor): Record<string, unknown> {
  const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
  return { ...fields, by: actor.label };
}
