import type { Metadata } from "next";
import { headers } from "next/headers";
import { currentActor } from "@/lib/auth/current-actor";
import { authConfigured } from "@/lib/auth/settings";
import { signInAction, signInWithOidcAction, signOutAction } from "./actions";

export const metadata: Metadata = { title: "Sign in · Prefrontal" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const { error } = await searchParams;
  if (!authConfigured(process.env)) {
    return (
      <div className="stack panel" data-testid="sign-in-local">
        <h1>Sign in</h1>
        <p>
          Sign-in is not configured: this server answers on loopback only, and whoever can reach it is the
          local admin. See the README (Sign-in) to add users and roles.
        </p>
      </div>
    );
  }
  const actor = await currentActor(await headers()).catch(() => null);
  const sso = Boolean(process.env.PREFRONTAL_OIDC_ISSUER && process.env.PREFRONTAL_OIDC_CLIENT_ID);
  return (
    <div className="stack panel">
      <h1>Sign in</h1>
      {actor && (
        <form action={signOutAction} className="row">
          <span data-testid="signed-in-as">
            Signed in as {actor.label} ({actor.role})
          </span>
          <button type="submit" className="btn">
            Sign out
          </button>
        </form>
      )}
      {error && (
        <p className="state state-error" role="alert">
          {error === "sso" ? "Single sign-on did not start." : "Wrong email or password."}
        </p>
      )}
      <form action={signInAction} className="stack" data-testid="sign-in-form">
        <label>
          Email <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit" className="btn btn-primary">
          Sign in
        </button>
      </form>
      {sso && (
        <form action={signInWithOidcAction}>
          <button type="submit" className="btn">
            Sign in with single sign-on
          </button>
        </form>
      )}
    </div>
  );
}
