import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiTokens } from "@/db/schema/auth";
import { type Actor, Role } from "./roles";

const PREFIX = "pft_";

function hashOf(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new token for scripts and CI; the secret is returned once and only its hash is kept. */
export async function createApiToken(db: Db, name: string, role: Role): Promise<string> {
  const secret = `${PREFIX}${randomBytes(32).toString("base64url")}`;
  await db
    .insert(apiTokens)
    .values({ id: randomBytes(8).toString("hex"), name, role, secretHash: hashOf(secret) });
  return secret;
}

export async function revokeApiToken(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.name, name), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The actor a bearer secret stands for, or null (unknown, revoked, malformed). */
export async function actorForToken(db: Db, secret: string): Promise<Actor | null> {
  if (!secret.startsWith(PREFIX) || secret.length > 200) return null;
  // Looked up by hash: equal hashes are the only match, so no secret is compared byte by byte.
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.secretHash, hashOf(secret)), isNull(apiTokens.revokedAt)));
  const role = Role.safeParse(row?.role);
  if (!row || !role.success) return null;
  return { id: `token:${row.id}`, label: `token ${row.name}`.slice(0, 100), role: role.data };
}
