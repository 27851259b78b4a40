import { describe, expect, it } from "vitest";
import { shortReason } from "./left-out";

describe("shortReason", () => {
  it("keeps the reader's part of a skip reason: no bookkeeping prefix, task id or pricing note", () => {
    expect(
      shortReason(
        "Gap, not a question: s2: the library has nothing usable on «IASS» after 2 attempts; only a person could add it. Not asked because the report can state the gap.",
      ),
    ).toBe("the library has nothing usable on «IASS» after 2 attempts");
    expect(shortReason("Skipped: nobody answered its question by the deadline.")).toBe(
      "nobody answered its question by the deadline",
    );
    expect(shortReason("x".repeat(300))).toHaveLength(200);
  });
});
