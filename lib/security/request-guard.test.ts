import { describe, expect, it } from "vitest";
import { allowedHosts, checkContentType, guardRequest, hostName } from "./request-guard";

const loopback = allowedHosts({});
const h = (init: Record<string, string>) => new Headers({ host: "127.0.0.1:3000", ...init });

describe("host check", () => {
  it("accepts loopback names on any port and refuses other names (DNS rebinding)", () => {
    expect(guardRequest("GET", "/", h({}), loopback)).toBeNull();
    expect(guardRequest("GET", "/", h({ host: "localhost:3000" }), loopback)).toBeNull();
    expect(guardRequest("GET", "/", h({ host: "[::1]:3000" }), loopback)).toBeNull();
    expect(guardRequest("GET", "/api/runs", h({ host: "evil.test:3000" }), loopback)?.code).toBe(
      "host_not_allowed",
    );
    expect(guardRequest("GET", "/", h({ host: "127.0.0.1.evil.test" }), loopback)?.status).toBe(421);
    expect(guardRequest("GET", "/", new Headers(), loopback)?.code).toBe("host_not_allowed");
  });
  it("adds PREFRONTAL_ALLOWED_HOSTS and a concrete HOST, never a wildcard bind", () => {
    const hosts = allowedHosts({ HOST: "0.0.0.0", PREFRONTAL_ALLOWED_HOSTS: "Agents.Example.com, 10.0.0.5" });
    expect([...hosts]).toEqual(expect.arrayContaining(["agents.example.com", "10.0.0.5", "127.0.0.1"]));
    expect(hosts.has("0.0.0.0")).toBe(false);
    expect(allowedHosts({ HOST: "192.168.1.9" }).has("192.168.1.9")).toBe(true);
    expect(
      allowedHosts({ BETTER_AUTH_URL: "https://Agents.Example.org/app" }).has("agents.example.org"),
    ).toBe(true);
    expect(allowedHosts({ BETTER_AUTH_URL: "not a url" }).size).toBe(4);
  });
  it("parses only well-formed host headers", () => {
    expect(hostName("Example.test:80")).toBe("example.test");
    expect(hostName("a b")).toBeNull();
    expect(hostName("x@evil.test")).toBeNull();
  });
});

describe("same-origin writes", () => {
  const json = { "content-type": "application/json" };
  it("refuses cross-site and same-site fetch metadata and foreign or null origins", () => {
    for (const site of ["cross-site", "same-site"]) {
      expect(guardRequest("POST", "/api/runs", h({ ...json, "sec-fetch-site": site }), loopback)?.code).toBe(
        "cross_origin",
      );
    }
    const other = h({ ...json, origin: "http://127.0.0.1:4000" });
    expect(guardRequest("POST", "/api/runs", other, loopback)?.status).toBe(403);
    expect(guardRequest("POST", "/api/runs", h({ ...json, origin: "null" }), loopback)?.code).toBe(
      "cross_origin",
    );
    // A server action posts to a page path; the same rule applies.
    expect(
      guardRequest("POST", "/inbox", h({ origin: "http://evil.test", "next-action": "x" }), loopback)?.code,
    ).toBe("cross_origin");
  });
  it("accepts same-origin browsers and clients that are not web pages", () => {
    const same = h({ ...json, origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" });
    expect(guardRequest("POST", "/api/runs", same, loopback)).toBeNull();
    expect(guardRequest("POST", "/api/runs", h(json), loopback)).toBeNull();
  });
  it("treats opening a bench case (an import) as a write", () => {
    expect(guardRequest("GET", "/bench/runs/r1", h({ "sec-fetch-site": "cross-site" }), loopback)?.code).toBe(
      "cross_origin",
    );
    expect(guardRequest("GET", "/runs/r1", h({ "sec-fetch-site": "cross-site" }), loopback)).toBeNull();
  });
});

describe("content types", () => {
  it("JSON routes refuse the types an HTML form can send, and a missing type", () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      null,
    ]) {
      expect(checkContentType("POST", "/api/runs/r1/cancel", type)?.status).toBe(415);
    }
    expect(checkContentType("POST", "/api/runs", "application/json; charset=utf-8")).toBeNull();
  });
  it("uploads take multipart, imports take JSON Lines, reads take anything", () => {
    expect(checkContentType("POST", "/api/documents", "multipart/form-data; boundary=x")).toBeNull();
    expect(checkContentType("POST", "/api/documents", "application/json")?.status).toBe(415);
    expect(checkContentType("POST", "/api/runs/import", "application/x-ndjson")).toBeNull();
    expect(checkContentType("POST", "/api/runs/import", "text/plain")?.status).toBe(415);
    expect(checkContentType("GET", "/api/runs", null)).toBeNull();
  });
});
