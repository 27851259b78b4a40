import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Db } from "@/db/client";
import { authAccounts, authSessions, authUsers, authVerifications } from "@/db/schema/auth";

type Env = Record<string, string | undefined>;

/** Single sign-on through any OpenID Connect provider, when all three settings are given. */
function oidcPlugins(env: Env) {
  const issuer = env.PREFRONTAL_OIDC_ISSUER?.trim().replace(/\/$/, "");
  const clientId = env.PREFRONTAL_OIDC_CLIENT_ID?.trim();
  const clientSecret = env.PREFRONTAL_OIDC_CLIENT_SECRET?.trim();
  if (!issuer || !clientId || !clientSecret) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: "oidc",
          discoveryUrl: `${issuer}/.well-known/openid-configuration`,
          clientId,
          clientSecret,
          scopes: ["openid", "email", "profile"],
          pkce: true,
        },
      ],
    }),
  ];
}

/**
 * better-auth on our database (PGlite or PostgreSQL, through the same drizzle instance as runs).
 * Passwords and sessions are the library's; roles are one extra user column, never set by the
 * user (`input: false`). Accounts are made by an admin (`npm run auth`), not by signing up.
 */
export function createAuth(db: Db, env: Env = process.env) {
  return betterAuth({
    secret: env.BETTER_AUTH_SECRET,
    baseURL: env.BETTER_AUTH_URL,
    trustedOrigins: env.BETTER_AUTH_URL ? [env.BETTER_AUTH_URL] : [],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true },
    user: {
      additionalFields: { role: { type: "string", required: false, defaultValue: "viewer", input: false } },
    },
    telemetry: { enabled: false },
    plugins: [...oidcPlugins(env), nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
