import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { createAuth } from "./auth";
import { deny } from "./roles";
import { actorForToken, createApiToken, revokeApiToken } from "./tokens";

const env = { BETTER_AUTH_SECRET: "s".repeat(40), BETTER_AUTH_URL: "http://127.0.0.1:3000" };

describeOnEachDatabase("sign-in and API tokens", (handle) => {
  it("signs a user in with a password and reads the role from the session, never from input", async () => {
    const auth = createAuth(handle().db, env);
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.createUser(
      { email: "rita@example.test", name: "Rita", role: "reviewer" },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash("correct horse battery"),
    });
    const wrong = auth.api.signInEmail({ body: { email: "rita@example.test", password: "nope-nope-nope" } });
    await expect(wrong).rejects.toThrow();
    const signed = await auth.api.signInEmail({
      body: { email: "rita@example.test", password: "correct horse battery" },
      returnHeaders: true,
    });
    const cookie = signed.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie).toMatch(/session_token=/);
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe("rita@example.test");
    expect((session?.user as { role?: string } | undefined)?.role).toBe("reviewer");
    // Sign-up is closed: accounts are made by an admin.
    const signUp = auth.api.signUpEmail({
      body: { email: "mallory@example.test", password: "whatever-long-enough", name: "M" },
    });
    await expect(signUp).rejects.toThrow();
  });

  it("keeps only a token's hash, honours its role, and forgets it when revoked", async () => {
    const { db } = handle();
    const secret = await createApiToken(db, "ci", "reviewer");
    const actor = await actorForToken(db, secret);
    expect(actor).toMatchObject({ role: "reviewer", label: "token ci" });
    expect(actor && deny(actor, "answer")).toBeNull();
    expect(actor && deny(actor, "cancel")?.code).toBe("forbidden");
    expect(await actorForToken(db, `${secret}x`)).toBeNull();
    expect(await actorForToken(db, "not-a-token")).toBeNull();
    expect(await revokeApiToken(db, "ci")).toBe(true);
    expect(await actorForToken(db, secret)).toBeNull();
  });

  it("starts single sign-on against an OpenID Connect provider found by discovery", async () => {
    const idp = createServer((req, res) => {
      const base = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
      if (req.url !== "/.well-known/openid-configuration") return void res.writeHead(404).end();
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
        }),
      );
    });
    await new Promise<void>((resolve) => idp.listen(0, "127.0.0.1", resolve));
    try {
      const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
      const auth = createAuth(handle().db, {
        ...env,
        PREFRONTAL_OIDC_ISSUER: issuer,
        PREFRONTAL_OIDC_CLIENT_ID: "prefrontal",
        PREFRONTAL_OIDC_CLIENT_SECRET: "s3cret",
      });
      const { url } = await auth.api.signInSocial({ body: { provider: "oidc", callbackURL: "/" } });
      const to = new URL(url ?? "");
      expect(`${to.origin}${to.pathname}`).toBe(`${issuer}/authorize`);
      expect(to.searchParams.get("client_id")).toBe("prefrontal");
      expect(to.searchParams.get("redirect_uri")).toBe(`${env.BETTER_AUTH_URL}/api/auth/callback/oidc`);
      expect(to.searchParams.get("code_challenge_method")).toBe("S256");
      expect(to.searchParams.get("state")).toBeTruthy();
    } finally {
      await new Promise((resolve) => idp.close(resolve));
    }
  });
});
