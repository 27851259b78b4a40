import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, type APIResponse, request as playwrightRequest } from "@playwright/test";
import { createDb } from "@/db/client";
import type { Role } from "@/lib/auth/roles";
import { createApiToken } from "@/lib/auth/tokens";
import { addUser } from "@/lib/auth/users";
import { expect, test } from "./fixtures";

/**
 * A server with sign-in configured, its own database and port: every role against every route and
 * action. Each check is one attempt; the count is printed for the report.
 */
const PORT = 3231;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "correct horse battery staple";
const USERS: Record<string, Role> = {
  "ada@example.test": "admin",
  "ann@example.test": "analyst",
  "bob@example.test": "analyst",
  "rita@example.test": "reviewer",
  "vic@example.test": "viewer",
};

let app: ChildProcess | undefined;
const tokens: Partial<Record<Role, string>> = {};
const as: Record<string, APIRequestContext> = {};
let attempts = 0;

/** One attempt: the status a role gets for a request. */
async function expectStatus(res: Promise<APIResponse>, status: number) {
  attempts += 1;
  const r = await res;
  expect(r.status(), await r.text()).toBe(status);
  return r;
}

async function until(probe: () => Promise<boolean>, what: string, everyMs = 500) {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "prefrontal-roles-"));
  const handle = await createDb({ dataDir: path.join(dataDir, "pglite") });
  for (const [email, role] of Object.entries(USERS))
    await addUser(handle.db, { email, role, password: PASSWORD });
  for (const role of ["analyst", "reviewer", "viewer"] as const)
    tokens[role] = await createApiToken(handle.db, `ci-${role}`, role);
  await handle.close();
  app = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"],
    {
      env: {
        ...process.env,
        PREFRONTAL_DATA_DIR: dataDir,
        PREFRONTAL_BUILTIN_LATENCY_MS: "40",
        // The users above are in this data folder's PGlite: never the DATABASE_URL CI sets.
        DATABASE_URL: "",
        BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        BETTER_AUTH_URL: BASE,
      },
      stdio: "ignore",
    },
  );
  await until(async () => (await fetch(`${BASE}/api/runs`)).status === 401, "the app to start");
  for (const email of Object.keys(USERS)) {
    const ctx = await playwrightRequest.newContext({ baseURL: BASE });
    // better-auth allows 3 sign-ins per 10 s from one address, and a refused try counts too: try
    // at most every 4 s, so a sign-in that fails while the server is still opening its database
    // does not keep the limit closed for the rest of the wait.
    await until(
      async () =>
        (await ctx.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).status() === 200,
      `${email} to sign in`,
      4_000,
    );
    as[email.split("@")[0] ?? email] = ctx;
  }
  for (const [role, secret] of Object.entries(tokens)) {
    as[`token-${role}`] = await playwrightRequest.newContext({
      baseURL: BASE,
      extraHTTPHeaders: { authorization: `Bearer ${secret}` },
    });
  }
  as.nobody = await playwrightRequest.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  for (const ctx of Object.values(as)) await ctx.dispose();
  app?.kill("SIGTERM");
  console.log(`roles: ${attempts} attempts, all as expected`);
});

const ctx = (who: string) => {
  const c = as[who];
  if (!c) throw new Error(`no context for ${who}`);
  return c;
};

async function start(who: string, goal: string): Promise<string> {
  const res = await expectStatus(ctx(who).post("/api/runs", { data: { goal } }), 201);
  return ((await res.json()) as { runId: string }).runId;
}

async function pendingQuestion(runId: string): Promise<string> {
  let id: string | undefined;
  await until(async () => {
    const body = (await (await ctx("vic").get("/api/questions?status=pending")).json()) as {
      questions: { id: string; runId: string }[];
    };
    id = body.questions.find((q) => q.runId === runId)?.id;
    return id !== undefined;
  }, `a question from ${runId}`);
  return id ?? "";
}

async function events(runId: string): Promise<{ type: string; by?: string }[]> {
  const text = await (await ctx("vic").get(`/api/runs/${runId}/export`)).text();
  return text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; by?: string });
}

test("nobody signed in reads nothing and changes nothing; pages send them to sign in", async ({ page }) => {
  for (const url of ["/api/runs", "/api/questions", "/api/documents", "/api/runs/x", "/api/runs/x/events"]) {
    await expectStatus(ctx("nobody").get(url), 401);
  }
  await expectStatus(ctx("nobody").post("/api/runs", { data: { goal: "x" } }), 401);
  await expectStatus(
    ctx("nobody").get("/api/runs", { headers: { authorization: "Bearer pft_forged" } }),
    401,
  );
  attempts += 1;
  await page.goto(`${BASE}/inbox`);
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("the role matrix over the API: start, cancel, amend, fork, answer, upload, import, read", async () => {
  const annRun = await start("ann", "help me");
  const annOther = await start("ann", "help me");
  const question = await pendingQuestion(annRun);
  const answerUrl = `/api/questions/${encodeURIComponent(question)}/answer`;
  const impersonated = { answer: "Project X pricing", by: "ada@example.test" };

  // Who may not start, upload or import.
  for (const who of ["vic", "rita", "token-viewer", "token-reviewer"]) {
    await expectStatus(ctx(who).post("/api/runs", { data: { goal: "x" } }), 403);
    await expectStatus(ctx(who).post("/api/runs/import", { data: {} }), 403);
    await expectStatus(
      ctx(who).post("/api/documents", {
        multipart: {
          files: { name: "a.md", mimeType: "text/markdown", buffer: Buffer.from("# A\n\nText.") },
        },
      }),
      403,
    );
  }
  // Nobody but a reviewer (or admin) answers.
  for (const who of ["vic", "ann", "bob", "token-viewer", "token-analyst"]) {
    await expectStatus(ctx(who).post(answerUrl, { data: impersonated }), 403);
  }
  // Nobody changes another's run: the other analyst, a reviewer, a viewer, tokens of any role.
  for (const who of ["bob", "rita", "vic", "token-analyst", "token-reviewer"]) {
    await expectStatus(ctx(who).post(`/api/runs/${annOther}/cancel`, { data: {} }), 403);
    await expectStatus(ctx(who).post(`/api/runs/${annOther}/amend`, { data: { text: "also Y" } }), 403);
    await expectStatus(ctx(who).post(`/api/runs/${annOther}/fork`, { data: { seq: 1 } }), 403);
    await expectStatus(ctx(who).post(`/api/runs/${annOther}/rollback`, { data: { snapshotId: "s" } }), 403);
  }
  // Everyone signed in reads.
  for (const who of ["vic", "rita", "bob", "token-viewer"]) {
    await expectStatus(ctx(who).get(`/api/runs/${annRun}`), 200);
    await expectStatus(ctx(who).get(`/api/runs/${annRun}/export`), 200);
    await expectStatus(ctx(who).get("/api/documents"), 200);
  }

  // The reviewer answers; the answer is signed with the session's user, whatever the body says.
  await expectStatus(ctx("rita").post(answerUrl, { data: impersonated }), 200);
  await until(async () => (await events(annRun)).some((e) => e.type === "question.answered"), "the answer");
  attempts += 1;
  expect((await events(annRun)).find((e) => e.type === "question.answered")?.by).toBe("rita@example.test");

  // The owner forks and cancels her own run; an admin cancels the fork; the events say who.
  const forked = (await (
    await expectStatus(ctx("ann").post(`/api/runs/${annOther}/fork`, { data: { seq: 1 } }), 201)
  ).json()) as {
    runId: string;
  };
  await expectStatus(ctx("bob").post(`/api/runs/${forked.runId}/cancel`, { data: {} }), 403);
  await expectStatus(ctx("ann").post(`/api/runs/${annOther}/cancel`, { data: { by: "someone else" } }), 200);
  await expectStatus(ctx("ada").post(`/api/runs/${forked.runId}/cancel`, { data: {} }), 200);
  attempts += 2;
  expect((await events(annOther)).find((e) => e.type === "run.cancelled")?.by).toBe("ann@example.test");
  expect((await events(forked.runId)).find((e) => e.type === "run.cancelled")?.by).toBe("ada@example.test");

  // Tokens act with their own role: the analyst token starts runs it then owns, the reviewer token answers.
  const tokenRun = await start("token-analyst", "help me");
  await expectStatus(ctx("token-reviewer").post(`/api/runs/${tokenRun}/cancel`, { data: {} }), 403);
  const tokenQuestion = await pendingQuestion(tokenRun);
  await expectStatus(
    ctx("token-reviewer").post(`/api/questions/${encodeURIComponent(tokenQuestion)}/answer`, {
      data: { answer: "Project X pricing" },
    }),
    200,
  );
  attempts += 1;
  expect((await events(tokenRun)).find((e) => e.type === "question.answered")?.by).toBe("token ci-reviewer");
  await expectStatus(ctx("ann").post(`/api/runs/${tokenRun}/cancel`, { data: {} }), 403);

  // The analyst uploads.
  await expectStatus(
    ctx("ann").post("/api/documents", {
      multipart: {
        files: {
          name: "notes.md",
          mimeType: "text/markdown",
          buffer: Buffer.from("# Notes\n\nAnn's notes."),
        },
      },
    }),
    200,
  );
});

test("server actions check the role too: a viewer cannot answer from the inbox, a reviewer can", async ({
  page,
}) => {
  const runId = await start("ann", "help me");
  const question = await pendingQuestion(runId);
  const signIn = async (email: string) => {
    await page.context().clearCookies();
    await page.goto(`${BASE}/sign-in`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/(sign-in\?error=.*)?$/);
    await expect(page).toHaveURL(`${BASE}/`);
  };
  const tryAnswer = async () => {
    await page.goto(`${BASE}/inbox`);
    const card = page.getByTestId("question-card").filter({ has: page.locator(`a[href="/runs/${runId}"]`) });
    await expect(card).toBeVisible();
    await card.getByTestId("answer-input").fill("Project X pricing across vendors");
    await card.getByTestId("answer-submit").click();
  };

  await signIn("vic@example.test");
  await tryAnswer();
  await expect(page.getByText(/may not answer/)).toBeVisible();
  const pending = (await (await ctx("vic").get("/api/questions?status=pending")).json()) as {
    questions: { id: string }[];
  };
  attempts += 1;
  expect(pending.questions.map((q) => q.id)).toContain(question);

  await signIn("rita@example.test");
  await tryAnswer();
  await until(async () => (await events(runId)).some((e) => e.type === "question.answered"), "the answer");
  attempts += 1;
  expect((await events(runId)).find((e) => e.type === "question.answered")?.by).toBe("rita@example.test");
});
