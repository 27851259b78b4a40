import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { authorize } from "./authorize";
import type { Actor, Verb } from "./roles";

/** For server actions: the same check as a route handler, on the action's request headers. */
export async function authorizeAction(verb: Verb, runId?: string): Promise<Actor> {
  return authorize(await headers(), verb, runId);
}

/** For pages: a reader, or off to the sign-in page. */
export async function requireReader(): Promise<Actor> {
  try {
    return await authorize(await headers(), "read");
  } catch {
    redirect("/sign-in");
  }
}

/** An untrusted action input with `by` replaced by the actor: nobody signs as someone else. */
export function signedBy(input: unknown, actor: Actor): Record<string, unknown> {
  const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
  return { ...fields, by: actor.label };
}
