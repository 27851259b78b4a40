import { expect, test } from "@playwright/test";

/** A path Next's router cannot decode is the client's mistake: a typed 400, never a 500. */
test("malformed percent-encoding in a path is a 400 with a reason, on every kind of route", async ({
  request,
}) => {
  const attempts = [
    request.get("/api/runs/%ZZ"),
    request.get("/api/runs/%E0%A4%A/events"),
    request.get("/api/runs/%ZZ/export"),
    request.post("/api/runs/%ZZ/cancel", { data: {} }),
    request.post("/api/questions/%E0%A4%A/answer", { data: { answer: "x" } }),
    request.get("/runs/%ZZ"),
  ];
  for (const response of await Promise.all(attempts)) {
    expect(response.status(), response.url()).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, code: "invalid_input" });
  }
});
