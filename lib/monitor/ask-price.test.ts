import { describe, expect, it } from "vitest";
import { type AskTask, priceQuestion } from "./ask-price";

const task = (id: string, tool: string, over: Partial<AskTask> = {}): AskTask => ({
  id,
  tool,
  title: `${tool} ${id}`,
  input: {},
  dependencies: [],
  status: "pending",
  result: null,
  ...over,
});

const read = (id: string, status: string, title: string): AskTask =>
  task(id, "read", {
    status,
    result: { ok: true, summary: "read", evidence: [{ title, quote: "" }], claims: [] },
  });

describe("priceQuestion", () => {
  const empty = task("s2", "search", { input: { query: "Project X IASS" }, status: "waiting" });

  it("blocks when nothing the run read names a subject the goal names", () => {
    const tasks = {
      s2: empty,
      r1: read("r1", "succeeded", "Project X pricing 2025"),
      x9: task("x9", "extract"),
    };
    expect(priceQuestion("s2", tasks, ["Project X", "IASS"]).block).toBe(true);
  });

  it("counts a read of the same iteration that returned but is not settled yet", () => {
    const tasks = {
      s2: empty,
      r2: task("r2", "read", { dependencies: ["s2"] }),
      r3: read("r3", "running", "Project X regulation and the IASS-2 safety standard"),
    };
    const price = priceQuestion("s2", tasks, ["Project X", "IASS"]);
    expect(price.block).toBe(false);
    expect(price.skip).toEqual(expect.arrayContaining(["s2", "r2"]));
  });

  it("states the gap instead of asking a requester who said not to check back", () => {
    const tasks = {
      s2: empty,
      r1: read("r1", "succeeded", "Project X pricing 2025"),
      x9: task("x9", "extract"),
    };
    const price = priceQuestion("s2", tasks, ["Project X", "IASS"], true);
    expect(price.block).toBe(false);
    expect(price.reason).toMatch(/asked not to be consulted/);
    expect(price.skip).toContain("s2");
  });

  it("does not ask again about a name a person was already asked about", () => {
    const tasks = {
      s2: empty,
      r1: read("r1", "succeeded", "Project X pricing 2025"),
      x9: task("x9", "extract"),
    };
    const asked = ["No document in the library mentions IASS. What should the report use for it?"];
    const price = priceQuestion("s2", tasks, ["Project X", "IASS"], false, asked);
    expect(price.block).toBe(false);
    expect(price.skip).toContain("s2");
  });

  it("does not block on a name the library has, which only this run's searches missed", () => {
    const tasks = {
      s2: task("s2", "search", { input: { query: "Brazil market" }, status: "waiting" }),
      r1: read("r1", "succeeded", "Project X pricing 2025"),
      x9: task("x9", "extract"),
    };
    expect(priceQuestion("s2", tasks, ["Project X", "Brazil"], false, [], []).block).toBe(false);
    expect(priceQuestion("s2", tasks, ["Project X", "Brazil"], false, [], ["Brazil"]).block).toBe(true);
  });
});

describe("priceQuestion: a figure that cannot be derived", () => {
  it("is a gap, not a question: the calculation alone is skipped", () => {
    const tasks = {
      calc1: task("calc1", "calculate", { status: "waiting", dependencies: ["x1"] }),
      x1: task("x1", "extract", { status: "succeeded" }),
      draft: task("draft", "write", { dependencies: ["calc1", "x1"] }),
    };
    const price = priceQuestion("calc1", tasks, ["Project X"]);
    expect(price.block).toBe(false);
    expect(price.skip).toEqual(["calc1"]);
  });
});
