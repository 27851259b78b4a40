"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getAuth } from "@/lib/auth/current-actor";

const Credentials = z.object({
  email: z.string().trim().email().max(200),
  password: z.string().min(1).max(200),
});

/** Password sign-in; the session cookie is set by better-auth (nextCookies). Failures say nothing more. */
export async function signInAction(form: FormData) {
  const parsed = Credentials.safeParse({ email: form.get("email"), password: form.get("password") });
  let ok = false;
  if (parsed.success) {
    try {
      await (await getAuth()).api.signInEmail({ body: parsed.data, headers: await headers() });
      ok = true;
    } catch (e) {
      console.warn("sign-in refused:", e instanceof Error ? e.message : e);
    }
  }
  redirect(ok ? "/" : "/sign-in?error=credentials");
}

/** Single sign-on: off to the OpenID Connect provider, back to /api/auth/callback/oidc. */
export async function signInWithOidcAction() {
  const { url } = await (await getAuth()).api.signInSocial({
    body: { provider: "oidc", callbackURL: "/" },
    headers: await headers(),
  });
  redirect(url ?? "/sign-in?error=sso");
}

export async function signOutAction() {
  await (await getAuth()).api.signOut({ headers: await headers() });
  redirect("/sign-in");
}
