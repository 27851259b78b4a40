import { describe, expect, it } from "vitest";
import { fatalStartError, untilSuccess } from "./lifecycle";

describe("start-up work", () => {
  it("shares one attempt while it runs, forgets a failure, keeps a success", async () => {
    let calls = 0;
    let fail = true;
    const load = untilSuccess(async () => {
      calls++;
      if (fail) throw new Error("ENOSPC");
      return "loaded";
    });
    const [a, b] = await Promise.allSettled([load(), load()]);
    expect([a.status, b.status, calls]).toEqual(["rejected", "rejected", 1]);
    fail = false;
    expect(await load()).toBe("loaded");
    expect(await load()).toBe("loaded");
    expect(calls).toBe(2);
  });

  it("ends the process only for faults no retry mends", () => {
    const locked = Object.assign(new Error("in use by another Prefrontal server"), {
      name: "DataFolderLockedError",
    });
    expect(fatalStartError(locked)).toContain("in use");
    expect(fatalStartError(new Error("timeout"))).toBeNull();
  });
});
