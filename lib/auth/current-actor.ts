import "server-only";
import { getDb } from "@/db/client";
import { ServiceError } from "@/lib/runs/errors";
import { type Auth, createAuth } from "./auth";
import { type Actor, Role } from "./roles";
import { authConfigured } from "./settings";
import { actorForToken } from "./tokens";

/** The one local admin of a zero-config, loopback-only server (startup refuses anything else). */
export const LOCAL_ADMIN: Actor = { id: "local", label: "local admin", role: "admin" };

const g = globalThis as unknown as { __prefrontalAuth?: Promise<Auth> };

/** The process's better-auth instance, on the shared database (cached like the database client). */
export function getAuth(): Promise<Auth> {
  g.__prefrontalAuth ??= getDb().then(({ db }) => createAuth(db));
  return g.__prefrontalAuth;
}

/**
 * Who is asking: a bearer API token (always honoured, with its own role), else the signed-in
 * user, else the local admin when sign-in is not configured. Null: nobody (sign in first).
 */
export async function currentActor(headers: Headers, env = process.env): Promise<Actor | null> {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    const actor = m?.[1] ? await actorForToken((await getDb()).db, m[1]) : null;
    if (!actor) throw new ServiceError("unauthorized", "The API token is unknown, revoked or malformed.");
    return actor;
  }
  if (!authConfigured(env)) return LOCAL_ADMIN;
  const session = await (await getAuth()).api.getSession({ headers });
  if (!session) return null;
  const role = Role.safeParse((session.user as { role?: unknown }).role);
  return {
    id: session.user.id,
    label: (session.user.email || session.user.name).slice(0, 100),
    role: role.success ? role.data : "viewer",
  };
}
