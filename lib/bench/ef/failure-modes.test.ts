import { describe, expect, it } from "vitest";
import { failureMode, failureModeCounts } from "./failure-modes";

const failed = (status: string, ...failures: string[]) => ({ success: false, status, failures });

describe("failure modes", () => {
  it("names one mode per failed case, the most specific first", () => {
    expect(failureMode({ success: true, status: "succeeded", failures: [] })).toBeNull();
    expect(failureMode(failed("waiting", "no report: the run ended waiting"))).toBe("blocked_on_question");
    expect(
      failureMode(failed("failed", "no report: the run ended failed (The toolCalls budget (300) is spent.)")),
    ).toBe("timeout");
    expect(
      failureMode(
        failed("timed_out", "timed out: the run took longer than 600 s and its worker was stopped"),
      ),
    ).toBe("timeout");
    expect(failureMode(failed("succeeded", "minefield hit: 4 identical calls in a row (t2)"))).toBe("loop");
    expect(failureMode(failed("succeeded", 'minefield hit: invents a price (states "USD 40")'))).toBe(
      "invented_value",
    );
    expect(failureMode(failed("failed", "no report: the run ended failed (blocked)"))).toBe("no_report");
    expect(failureMode(failed("succeeded", "milestone missed: the report does not name Quillon"))).toBe(
      "wrong_answer",
    );
  });

  it("counts every mode, zero included", () => {
    expect(
      failureModeCounts([
        failed("waiting"),
        failed("succeeded", "x"),
        { success: true, status: "succeeded", failures: [] },
      ]),
    ).toEqual({
      blocked_on_question: 1,
      timeout: 0,
      loop: 0,
      invented_value: 0,
      no_report: 0,
      wrong_answer: 1,
    });
  });
});
