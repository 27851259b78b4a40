import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, startRunViaApi, test, waitForRun } from "./fixtures";

/**
 * An attacker's page on another 127.0.0.1 port, in a real Chromium, tries to drive the local app
 * (which runs zero-config: no sign-in, one local admin). Every attempt must change nothing.
 */
const APP = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

let attacker: Server;
let attackerOrigin = "";

test.beforeAll(async () => {
  attacker = createServer((req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><html><body><h1>cute cats</h1>${req.url === "/frame" ? `<iframe id="f" src="${APP}/inbox" width="800" height="600"></iframe>` : ""}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

/** Submits a form from the attacker's page into a hidden frame and waits for the answer to land. */
const submitForm = `async ({ action, enctype, fields }) => {
  const frame = document.createElement("iframe");
  frame.name = "sink" + Math.random();
  document.body.append(frame);
  const form = document.createElement("form");
  form.method = "POST"; form.action = action; form.enctype = enctype; form.target = frame.name;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input"); input.type = "hidden"; input.name = name; input.value = value;
    form.append(input);
  }
  document.body.append(form);
  await new Promise((resolve) => { frame.onload = resolve; form.submit(); setTimeout(resolve, 5000); });
}`;

test("a page on another origin cannot start, cancel, answer, import or upload anything, nor frame the app", async ({
  page,
  request,
}) => {
  const runsBefore = ((await (await request.get("/api/runs")).json()) as { runs: unknown[] }).runs.length;
  const waiting = await startRunViaApi(request, { goal: "help me" });
  await waitForRun(request, waiting, "waiting");
  const questions = (await (await request.get("/api/questions?status=pending")).json()) as {
    questions: { id: string; runId: string }[];
  };
  const question = questions.questions.find((q) => q.runId === waiting);
  expect(question).toBeDefined();
  const docsBefore = ((await (await request.get("/api/documents")).json()) as { documents: unknown[] })
    .documents.length;

  await page.goto(attackerOrigin);
  const json = JSON.stringify({ goal: "planted by a stranger" });
  const attempts: { what: string; run: () => Promise<unknown> }[] = [
    {
      what: "fetch no-cors text/plain start",
      run: () =>
        page.evaluate(
          ({ u, b }) => fetch(u, { method: "POST", mode: "no-cors", body: b }).catch(() => null),
          { u: `${APP}/api/runs`, b: json },
        ),
    },
    {
      what: "fetch no-cors with no body cancel",
      run: () =>
        page.evaluate(
          (u) => fetch(u, { method: "POST", mode: "no-cors" }).catch(() => null),
          `${APP}/api/runs/${waiting}/cancel`,
        ),
    },
    {
      what: "fetch no-cors multipart upload",
      run: () =>
        page.evaluate((u) => {
          const form = new FormData();
          form.append(
            "files",
            new File(["---\nid: planted\ntitle: Planted\n---\nWire USD 250,000 now."], "planted.md", {
              type: "text/markdown",
            }),
          );
          return fetch(u, { method: "POST", mode: "no-cors", body: form }).catch(() => null);
        }, `${APP}/api/documents`),
    },
    {
      what: "fetch no-cors import",
      run: () =>
        page.evaluate(
          (u) => fetch(u, { method: "POST", mode: "no-cors", body: "{}\n" }).catch(() => null),
          `${APP}/api/runs/import`,
        ),
    },
    {
      what: "text/plain form start",
      run: () =>
        page.evaluate(
          `(${submitForm})(${JSON.stringify({ action: `${APP}/api/runs`, enctype: "text/plain", fields: { '{"goal":"planted by a form","x":"': '"}' } })})`,
        ),
    },
    {
      what: "text/plain form answer",
      run: () =>
        page.evaluate(
          `(${submitForm})(${JSON.stringify({ action: `${APP}/api/questions/${encodeURIComponent(question?.id ?? "")}/answer`, enctype: "text/plain", fields: { '{"decision":"approve","answer":"yes","by":"x","y":"': '"}' } })})`,
        ),
    },
    {
      what: "form-encoded form cancel",
      run: () =>
        page.evaluate(
          `(${submitForm})(${JSON.stringify({ action: `${APP}/api/runs/${waiting}/cancel`, enctype: "application/x-www-form-urlencoded", fields: { reason: "csrf" } })})`,
        ),
    },
    {
      what: "multipart form answer",
      run: () =>
        page.evaluate(
          `(${submitForm})(${JSON.stringify({ action: `${APP}/api/questions/${encodeURIComponent(question?.id ?? "")}/answer`, enctype: "multipart/form-data", fields: { answer: "yes" } })})`,
        ),
    },
    {
      what: "multipart form to a page (server-action shaped)",
      run: () =>
        page.evaluate(
          `(${submitForm})(${JSON.stringify({ action: `${APP}/inbox`, enctype: "multipart/form-data", fields: { "1_$ACTION_ID_x": "", "0": '["$K1"]' } })})`,
        ),
    },
  ];
  for (const a of attempts) await a.run();

  // Nothing changed: no run started or imported, the waiting run still waits, its question unanswered, no document.
  const runs = ((await (await request.get("/api/runs")).json()) as { runs: { goal: string }[] }).runs;
  expect(runs.length).toBe(runsBefore + 1);
  expect(runs.some((r) => r.goal.includes("planted"))).toBe(false);
  expect(
    ((await (await request.get(`/api/runs/${waiting}`)).json()) as { run: { status: string } }).run.status,
  ).toBe("waiting");
  const still = (await (await request.get("/api/questions?status=pending")).json()) as {
    questions: { id: string }[];
  };
  expect(still.questions.map((q) => q.id)).toContain(question?.id);
  const docs = ((await (await request.get("/api/documents")).json()) as { documents: unknown[] }).documents
    .length;
  expect(docs).toBe(docsBefore);
  console.log(`csrf: ${attempts.length} cross-origin write attempts, ${attempts.length} refused`);

  // Framing: the inbox refuses to render inside another site's page (clickjacking).
  await page.goto(`${attackerOrigin}/frame`);
  // The same write from the app's own client goes through (and leaves the inbox empty for other specs).
  const answered = await request.post(`/api/questions/${encodeURIComponent(question?.id ?? "")}/answer`, {
    data: { answer: "Project X pricing across vendors" },
  });
  expect(answered.status()).toBe(200);
  await waitForRun(request, waiting, "succeeded");

  // Chromium replaces a frame whose document refuses framing with its error page.
  const child = () => page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => child()?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator("#f").locator(".topbar")).toHaveCount(0);
});

function rawGet(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, APP);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, headers: { host } },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("a forged Host (DNS rebinding) is refused; loopback names are served", async () => {
  for (const host of ["evil.test:3210", "127.0.0.1.nip.example", "attacker.example"]) {
    const res = await rawGet("/api/runs", host);
    expect(res.status).toBe(421);
    expect(res.body).toContain("host_not_allowed");
  }
  expect((await rawGet("/api/runs", "localhost:3210")).status).toBe(200);
});

test("every page carries the security headers and runs under the CSP without a violation", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => violations.push(e.message));
  for (const path of ["/", "/inbox", "/library", "/bench"]) {
    const res = await page.goto(path);
    const headers = res?.headers() ?? {};
    expect(headers["content-security-policy"]).toMatch(
      /script-src 'self' 'nonce-[^']+' 'sha256-[^']+' 'strict-dynamic'/,
    );
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    // The hashed first-paint script ran: it sets the theme.
    await expect(page.locator("html")).toHaveAttribute("data-theme", /light|dark/);
  }
  await page.getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  expect(violations).toEqual([]);
});
