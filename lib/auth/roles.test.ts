import { describe, expect, it } from "vitest";
import { type Actor, deny, type Role, type Verb } from "./roles";
import { startupRefusal } from "./settings";

const as = (role: Role, id = `${role}-1`): Actor => ({ id, label: id, role });

describe("the role table", () => {
  const verbs: Verb[] = [
    "read",
    "start",
    "cancel",
    "amend",
    "fork",
    "rollback",
    "import",
    "upload",
    "answer",
    "curate",
  ];
  const allowed = (role: Role) => verbs.filter((v) => deny(as(role), v) === null);

  it("gives each role exactly its verbs", () => {
    expect(allowed("viewer")).toEqual(["read"]);
    expect(allowed("reviewer")).toEqual(["read", "answer", "curate"]);
    expect(allowed("analyst")).toEqual([
      "read",
      "start",
      "cancel",
      "amend",
      "fork",
      "rollback",
      "import",
      "upload",
    ]);
    expect(allowed("admin")).toEqual(verbs);
  });

  it("lets an analyst change only their own runs; an admin any, an unowned one included", () => {
    expect(deny(as("analyst", "ann"), "cancel", "ann")).toBeNull();
    expect(deny(as("analyst", "ann"), "cancel", "bob")?.code).toBe("forbidden");
    expect(deny(as("analyst", "ann"), "amend", null)?.code).toBe("forbidden");
    expect(deny(as("admin"), "cancel", "bob")).toBeNull();
    expect(deny(as("admin"), "fork", null)).toBeNull();
    expect(deny(as("reviewer", "rita"), "cancel", "rita")?.code).toBe("forbidden");
  });
});

describe("starting without sign-in", () => {
  it("is allowed on loopback only", () => {
    expect(startupRefusal({}, ["next", "start", "-H", "127.0.0.1"])).toBeNull();
    expect(startupRefusal({ HOST: "localhost" }, [])).toBeNull();
    expect(startupRefusal({ HOST: "::1" }, [])).toBeNull();
    expect(startupRefusal({ HOST: "127.0.0.1", BETTER_AUTH_URL: "http://localhost:3000" }, [])).toBeNull();
  });
  it("refuses any other address, every interface, or extra allowed hosts, and says how to fix it", () => {
    for (const [env, argv] of [
      [{ HOST: "0.0.0.0" }, []],
      [{}, ["next", "start", "--hostname", "192.168.1.5"]],
      [{}, ["next", "start"]],
      [{ HOST: "127.0.0.1", PREFRONTAL_ALLOWED_HOSTS: "agents.example.com" }, []],
      [{ HOST: "127.0.0.1", BETTER_AUTH_URL: "https://agents.example.com" }, []],
    ] as const) {
      expect(startupRefusal(env, [...argv])).toMatch(/BETTER_AUTH_SECRET/);
    }
  });
  it("starts anywhere once sign-in is configured (a 32+ character secret)", () => {
    expect(startupRefusal({ HOST: "0.0.0.0", BETTER_AUTH_SECRET: "k".repeat(32) }, [])).toBeNull();
    expect(startupRefusal({ HOST: "0.0.0.0", BETTER_AUTH_SECRET: "short" }, [])).not.toBeNull();
  });
});
