import { describe, expect, it } from "vitest";
import { defaultRunConfig } from "../agent/config";
import type { TaskState } from "../agent/state";
import type { CriterionCheck } from "./criteria";
import { type Assessment, type GateContext, type GateDecision, gate } from "./gate";

const config = defaultRunConfig();

const task = (over: Partial<TaskState> = {}): TaskState => ({
  id: "t1",
  title: "Search for sources",
  tool: "search",
  input: {},
  dependencies: [],
  successCriteria: [{ kind: "min_count", field: "results", min: 5 }],
  expectedOutput: "",
  deliverable: false,
  status: "running",
  attempt: 1,
  origin: "plan",
  planVersion: 1,
  confidence: null,
  result: null,
  tries: 1,
  lastCallKey: "search:x",
  inFlight: false,
  failures: 0,
  repairs: 0,
  reflections: 0,
  hint: "",
  pending: null,
  reflectedAt: null,
  questionId: null,
  assessedIn: -1,
  settledIn: -1,
  reflectedIn: -1,
  note: "",
  ...over,
});

const met: CriterionCheck = { description: "results has at least 5", met: true, detail: "5 of 5", score: 1 };
const unmet: CriterionCheck = {
  description: "results has at least 5",
  met: false,
  detail: "3 of 5",
  score: 0.6,
};

const passed = (over: Partial<Assessment> = {}): Assessment => ({
  ok: true,
  code: "ok",
  transient: false,
  checks: [met],
  confidence: 0.9,
  repeating: false,
  contradictions: [],
  inconsistent: [],
  ...over,
});

const failed = (code: string, transient = false) => passed({ ok: false, code, transient, checks: [] });

const ctx = (t: Partial<TaskState> = {}, over: Partial<GateContext> = {}): GateContext => ({
  config,
  task: task(t),
  retries: 0,
  ...over,
});

const decided = (a: Assessment, c: GateContext): GateDecision => {
  const d = gate(a, c);
  if (!d) throw new Error("the gate was undecided");
  expect(d.trigger.length).toBeGreaterThan(0);
  expect(d.reason.length).toBeGreaterThan(0);
  return d;
};

const kindAndTrigger = (d: GateDecision) => [d.kind, d.trigger];

describe("gate on a failed tool call", () => {
  it("repairs a non-retryable failure at once", () => {
    const d = decided(failed("not_found"), ctx());
    expect(kindAndTrigger(d)).toEqual(["repair", "permanent_error"]);
    expect(d.reason).toContain("not_found");
  });

  it("retries a transient first failure", () => {
    expect(kindAndTrigger(decided(failed("timeout", true), ctx()))).toEqual(["retry", "transient_error"]);
  });

  it("retries a schema-invalid first failure", () => {
    expect(kindAndTrigger(decided(failed("invalid_json"), ctx()))).toEqual(["retry", "schema_invalid"]);
  });

  it("repairs instead of retrying the second failure", () => {
    const d = decided(failed("timeout", true), ctx({ failures: 1 }));
    expect(kindAndTrigger(d)).toEqual(["repair", "repeated_failure"]);
    expect(d.reason).toContain("failed 2 times");
  });

  it("asks a person instead of retrying once the run's 10 retries are used", () => {
    expect(config.globalRetryCap).toBe(10);
    expect(decided(failed("timeout", true), ctx({}, { retries: 9 })).kind).toBe("retry");
    const d = decided(failed("timeout", true), ctx({}, { retries: 10 }));
    expect(kindAndTrigger(d)).toEqual(["ask_user", "global_retry_cap"]);
  });

  it("escalates to a person when the task was already repaired once", () => {
    const d = decided(failed("not_found"), ctx({ repairs: 1 }));
    expect(kindAndTrigger(d)).toEqual(["ask_user", "escalation_limit"]);
    expect(d.reason).toContain("already repaired once");
  });
});

describe("gate on a returned result", () => {
  it("repairs a call that keeps returning the same result", () => {
    expect(kindAndTrigger(decided(passed({ repeating: true }), ctx()))).toEqual(["repair", "repetition"]);
    expect(kindAndTrigger(decided(passed({ repeating: true }), ctx({ repairs: 1 })))).toEqual([
      "ask_user",
      "escalation_limit",
    ]);
  });

  it("reflects on a contradiction with earlier results", () => {
    const d = decided(passed({ contradictions: ["market size 2025"] }), ctx());
    expect(kindAndTrigger(d)).toEqual(["reflect", "contradiction"]);
    expect(d.reason).toContain("market size 2025");
  });

  it("fetches again when the same document gave another value earlier, then weighs it as a contradiction", () => {
    const garbled = passed({
      contradictions: ["market size 2025 (USD 4.2 billion earlier, USD 7.9 billion now)"],
      inconsistent: ["market size 2025 in px-overview (USD 4.2 billion earlier, USD 7.9 billion now)"],
    });
    const d = decided(garbled, ctx());
    expect(kindAndTrigger(d)).toEqual(["retry", "inconsistent_source"]);
    expect(d.reason).toContain("px-overview");
    // It came back the same after a retry: no longer a garbled fetch but a disagreement to weigh.
    expect(kindAndTrigger(decided(garbled, ctx({ failures: 1 })))).toEqual(["reflect", "contradiction"]);
  });

  it("continues when the criteria are met at or above the threshold", () => {
    expect(kindAndTrigger(decided(passed({ confidence: 0.65 }), ctx()))).toEqual([
      "continue",
      "criteria_met",
    ]);
  });

  it("is undecided in the gray zone just under the threshold, so the model is asked", () => {
    const c = ctx({}, { config: { ...config, confidenceThreshold: 0.65, grayZone: 0.15 } });
    expect(gate(passed({ confidence: 0.55 }), c)).toBeNull();
    expect(gate(passed({ confidence: 0.5 }), c)).toBeNull();
    expect(kindAndTrigger(decided(passed({ confidence: 0.49 }), c))).toEqual(["reflect", "low_confidence"]);
  });

  it("reflects on unmet criteria while reflections remain, then escalates", () => {
    const a = passed({ checks: [met, unmet], confidence: 0.6 });
    const first = decided(a, ctx({ reflections: 0 }));
    expect(kindAndTrigger(first)).toEqual(["reflect", "criteria_unmet"]);
    expect(first.reason).toContain("3 of 5");
    expect(decided(a, ctx({ reflections: 1 })).kind).toBe("reflect");
    expect(kindAndTrigger(decided(a, ctx({ reflections: 2 })))).toEqual(["repair", "reflection_limit"]);
    expect(kindAndTrigger(decided(a, ctx({ reflections: 2, repairs: 1 })))).toEqual([
      "ask_user",
      "escalation_limit",
    ]);
  });

  it("does not continue on unmet criteria even at high confidence", () => {
    expect(decided(passed({ checks: [unmet], confidence: 0.99 }), ctx()).kind).toBe("reflect");
  });
});
