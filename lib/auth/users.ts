import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { createAuth } from "./auth";
import type { Role } from "./roles";

/** An account that signs in with a password (made by an admin: sign-up is closed). */
export async function addUser(db: Db, user: { email: string; role: Role; password: string; name?: string }) {
  if (user.password.length < 12) throw new Error("The password needs at least 12 characters.");
  // Making a user and hashing a password use neither the secret nor the URL; the library insists on both.
  const settings = {
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    BETTER_AUTH_URL: "http://127.0.0.1",
  };
  const ctx = await createAuth(db, settings).$context;
  const email = user.email.trim().toLowerCase();
  const created = await ctx.internalAdapter.createUser(
    { email, name: user.name ?? email, role: user.role },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(user.password),
  });
  return created;
}
