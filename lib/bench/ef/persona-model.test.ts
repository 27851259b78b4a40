import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { renderMessages } from "../../agent/prompts";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import type { ObjectRequest, ToolCallRequest, ToolDefinition } from "../../llm/chat-model";
import { ModelError } from "../../llm/chat-model";
import type { ModelContext } from "../../llm/model-context";
import { AssessOutput } from "../../monitor/assessment";
import { Clarification, type GoalSpec, TaskGraph, type TaskSpec } from "../../planner/plan-schema";
import { findCycle, validatePlan } from "../../planner/validate-plan";
import { researchToolSummaries, researchTools } from "../../tools";
import { IncidentLog } from "./incidents";
import { PersonaModel, roll } from "./persona-model";
import { Latency, Persona } from "./scenario";
import { VirtualClock } from "./virtual-clock";

const GOAL = "Project X pricing models and total cost of ownership";
const MAX_TASKS = 40;
const knownTools = new Set(researchToolSummaries().map((t) => t.name));

let spec: GoalSpec;
/** The plan the builtin model proposes for GOAL, without noise. */
let cleanPlan: TaskGraph;

beforeAll(async () => {
  const model = new BuiltinModel();
  const context: ModelContext = { purpose: "clarify", goal: GOAL, answers: [] };
  const r = await model.generateObject({
    tier: "fast",
    messages: renderMessages(context),
    context,
    schema: Clarification,
    schemaName: "clarification",
  });
  if (!r.output.spec) throw new Error("the builtin model could not clarify the test goal");
  spec = r.output.spec;
  cleanPlan = (await model.generateObject(planRequest())).output;
});

/** As lib/agent/plan-step.ts asks for a plan. */
function planRequest(): ObjectRequest<TaskGraph> {
  const context: ModelContext = {
    purpose: "plan",
    mode: "initial",
    goal: GOAL,
    spec,
    tools: researchToolSummaries(),
    maxTasks: MAX_TASKS,
    violations: [],
    previous: null,
    done: [],
    reason: "",
  };
  return {
    tier: "strong",
    messages: renderMessages(context),
    context,
    schema: TaskGraph,
    schemaName: "task_graph",
  };
}

const searchTask = (id = "s1"): TaskSpec => {
  const t = cleanPlan.tasks.find((x) => x.tool === "search");
  if (!t) throw new Error("the clean plan has no search task");
  return { ...t, id };
};

/** As lib/agent/settle-step.ts asks the model to assess a result the rules could not decide. */
function assessRequest(task: TaskSpec, met: boolean): ObjectRequest<AssessOutput> {
  const context: ModelContext = {
    purpose: "assess",
    goal: GOAL,
    task,
    summary: "0 documents for «Project X pricing».",
    criteria: [{ description: "at least 1 result", met, detail: met ? "3 results" : "0 results" }],
    ruleConfidence: met ? 0.6 : 0.2,
  };
  return {
    tier: "fast",
    messages: renderMessages(context),
    context,
    schema: AssessOutput,
    schemaName: "assessment",
  };
}

const toolDefinition = (name: string): ToolDefinition => {
  const tool = researchTools().find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return {
    name: tool.name,
    description: tool.description,
    parameters: z.toJSONSchema(tool.input, { io: "input" }) as Record<string, unknown>,
  };
};

/** As lib/agent/execute-step.ts asks for a task's tool call. */
function executeRequest(task: TaskSpec, attempt: number, hint = ""): ToolCallRequest {
  const context: ModelContext = {
    purpose: "execute",
    goal: GOAL,
    spec,
    task,
    attempt,
    memory: `${task.id}: ${task.title} [${task.tool}]`,
    inputs: [],
    hint,
  };
  return { tier: "fast", messages: renderMessages(context), context, tools: [toolDefinition(task.tool)] };
}

interface Harness {
  model: PersonaModel;
  clock: VirtualClock;
  log: IncidentLog;
  latency: Latency;
}

function persona(p: Partial<Persona>, seed = 1, latency: unknown = {}): Harness {
  const clock = new VirtualClock(0);
  const log = new IncidentLog();
  const lat = Latency.parse(latency);
  const model = new PersonaModel(
    new BuiltinModel({ now: clock.now }),
    Persona.parse(p),
    seed,
    clock,
    lat,
    log,
  );
  return { model, clock, log, latency: lat };
}

async function modelErrorOf(call: Promise<unknown>): Promise<ModelError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof ModelError) return e;
    throw e;
  }
  throw new Error("expected a ModelError");
}

const noise = (log: IncidentLog) => log.items.filter((i) => i.kind === "noise");

describe("roll", () => {
  it("is deterministic and in [0, 1)", () => {
    for (const key of ["a", "plan:initial:1", "", "长键"]) {
      const r = roll(42, key);
      expect(r).toBe(roll(42, key));
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(1);
    }
  });

  it("is roughly uniform over 10,000 nearby keys", () => {
    const rolls = Array.from({ length: 10_000 }, (_, i) => roll(7, `malformedJson:assess:t${i}:1`));
    const mean = rolls.reduce((a, b) => a + b, 0) / rolls.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    const buckets = new Array(10).fill(0);
    for (const r of rolls) buckets[Math.floor(r * 10)]++;
    for (const b of buckets) {
      expect(b).toBeGreaterThan(800);
      expect(b).toBeLessThan(1_200);
    }
  });

  it("depends on the seed", () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
    const a = keys.map((k) => roll(1, k));
    const b = keys.map((k) => roll(2, k));
    expect(a.filter((x, i) => x === b[i]).length).toBeLessThan(5);
  });
});

describe("PersonaModel: probabilities 0 and 1", () => {
  it("with probability 0 nothing strikes: replies equal the builtin model's", async () => {
    const { model, log } = persona({});
    const inner = new BuiltinModel();
    const plan = await model.generateObject(planRequest());
    expect(plan.output).toEqual(cleanPlan);
    const task = searchTask();
    expect((await model.generateObject(assessRequest(task, false))).output).toEqual(
      (await inner.generateObject(assessRequest(task, false))).output,
    );
    await model.callTools(executeRequest(task, 1));
    const second = await model.callTools(executeRequest(task, 2, 'Use the words "pricing tiers"'));
    expect(second.calls).toEqual(
      (await inner.callTools(executeRequest(task, 2, 'Use the words "pricing tiers"'))).calls,
    );
    expect(log.items).toEqual([]);
  });

  it("with probability 1 every reply is malformed JSON (ModelError invalid_json)", async () => {
    const { model, log } = persona({ malformedJson: 1 });
    for (let i = 0; i < 5; i++) {
      expect((await modelErrorOf(model.generateObject(planRequest()))).code).toBe("invalid_json");
      expect((await modelErrorOf(model.generateObject(assessRequest(searchTask(), true)))).code).toBe(
        "invalid_json",
      );
      expect((await modelErrorOf(model.callTools(executeRequest(searchTask(), 1)))).code).toBe(
        "invalid_json",
      );
    }
    expect(noise(log)).toHaveLength(15);
    expect(noise(log).every((i) => i.kind === "noise" && i.noise === "malformedJson")).toBe(true);
  });
});

describe("PersonaModel: plan noise", () => {
  it("the clean plan is valid (so the noise below is what breaks it)", () => {
    expect(findCycle(cleanPlan.tasks)).toBeNull();
    expect(validatePlan(cleanPlan.tasks, { knownTools, maxTasks: MAX_TASKS })).toEqual([]);
    expect(cleanPlan.tasks.filter((t) => t.deliverable)).toHaveLength(1);
  });

  it("cyclicPlan makes a cycle through the deliverable", async () => {
    const { model } = persona({ cyclicPlan: 1 });
    const { output } = await model.generateObject(planRequest());
    const cycle = findCycle(output.tasks);
    expect(cycle).not.toBeNull();
    const deliverable = output.tasks.find((t) => t.deliverable);
    expect(cycle).toContain(deliverable?.id);
    expect(TaskGraph.safeParse(output).success).toBe(true);
    expect(validatePlan(output.tasks, { knownTools, maxTasks: MAX_TASKS }).map((v) => v.rule)).toContain(
      "acyclic",
    );
  });

  it("dropDeliverable leaves no deliverable", async () => {
    const { model } = persona({ dropDeliverable: 1 });
    const { output } = await model.generateObject(planRequest());
    expect(output.tasks.some((t) => t.deliverable)).toBe(false);
    expect(output.tasks).toHaveLength(cleanPlan.tasks.length - 1);
    expect(validatePlan(output.tasks, { knownTools, maxTasks: MAX_TASKS }).map((v) => v.rule)).toContain(
      "deliverable",
    );
  });

  it("offGoalTasks adds one search per topic, which validatePlan reports as feeds_deliverable", async () => {
    const topics = ["celebrity gossip", "football transfer rumours"];
    const { model } = persona({ offGoalTasks: 1, offGoalTopics: topics });
    const { output } = await model.generateObject(planRequest());
    const added = output.tasks.filter((t) => !cleanPlan.tasks.some((c) => c.id === t.id));
    expect(added).toHaveLength(topics.length);
    expect(added.map((t) => [t.tool, t.input.query])).toEqual(topics.map((t) => ["search", t]));
    const violations = validatePlan(output.tasks, { knownTools, maxTasks: MAX_TASKS });
    for (const t of added) {
      expect(violations).toContainEqual(expect.objectContaining({ rule: "feeds_deliverable", taskId: t.id }));
    }
    expect(violations.every((v) => v.rule === "feeds_deliverable")).toBe(true);
  });

  it("leaves the inner model's plan alone (the noise works on a copy)", async () => {
    const { model } = persona({ cyclicPlan: 1, dropDeliverable: 1, offGoalTasks: 1 });
    await model.generateObject(planRequest());
    expect((await new BuiltinModel().generateObject(planRequest())).output).toEqual(cleanPlan);
  });
});

describe("PersonaModel: assess and execute noise", () => {
  it("overconfident accepts even when criteria are unmet", async () => {
    const task = searchTask();
    const inner = await new BuiltinModel().generateObject(assessRequest(task, false));
    expect(inner.output.accept).toBe(false);
    const { model } = persona({ overconfident: 1 });
    const r = await model.generateObject(assessRequest(task, false));
    expect(r.output.accept).toBe(true);
    expect(AssessOutput.safeParse(r.output).success).toBe(true);
  });

  it("repeatLastCall returns the previous attempt's exact call on attempt > 1", async () => {
    const { model, log } = persona({ repeatLastCall: 1 });
    const inner = new BuiltinModel();
    const task = searchTask("s-repeat");
    const hint = 'Search with other words: "per-seat licence price"';
    const first = await model.callTools(executeRequest(task, 1));
    const honest = await inner.callTools(executeRequest(task, 2, hint));
    expect(honest.calls).not.toEqual(first.calls);
    const second = await model.callTools(executeRequest(task, 2, hint));
    expect(second.calls).toEqual(first.calls);
    const third = await model.callTools(executeRequest(task, 3, hint));
    expect(third.calls).toEqual(first.calls);
    expect(noise(log).map((i) => i.kind === "noise" && [i.noise, i.purpose, i.taskId])).toEqual([
      ["repeatLastCall", "execute", "s-repeat"],
      ["repeatLastCall", "execute", "s-repeat"],
    ]);
  });

  it("repeatLastCall never strikes on attempt 1, nor without a previous call", async () => {
    const { model, log } = persona({ repeatLastCall: 1 });
    const inner = new BuiltinModel();
    const task = searchTask("s-first");
    const a = await model.callTools(executeRequest(task, 1));
    const b = await model.callTools(executeRequest(task, 1, 'Try "pricing tiers"'));
    expect(b.calls).toEqual((await inner.callTools(executeRequest(task, 1, 'Try "pricing tiers"'))).calls);
    expect(b.calls).not.toEqual(a.calls);
    // Attempt 2 of a task never called before has nothing to repeat.
    const other = searchTask("s-other");
    const c = await model.callTools(executeRequest(other, 2, 'Try "licence costs"'));
    expect(c.calls).toEqual((await inner.callTools(executeRequest(other, 2, 'Try "licence costs"'))).calls);
    expect(log.items).toEqual([]);
  });

  it("logs every strike as a noise incident with purpose, task and virtual time", async () => {
    const { model, log } = persona(
      { cyclicPlan: 1, dropDeliverable: 1, offGoalTasks: 1, overconfident: 1 },
      1,
      { model: { fast: 100, strong: 1_000 } },
    );
    await model.generateObject(planRequest());
    await model.generateObject(assessRequest(searchTask("s9"), false));
    expect(log.items).toEqual([
      { kind: "noise", noise: "cyclicPlan", purpose: "plan", taskId: null, at: 1_000 },
      { kind: "noise", noise: "dropDeliverable", purpose: "plan", taskId: null, at: 1_000 },
      { kind: "noise", noise: "offGoalTasks", purpose: "plan", taskId: null, at: 1_000 },
      { kind: "noise", noise: "overconfident", purpose: "assess", taskId: "s9", at: 1_100 },
    ]);
  });

  it("malformed JSON is logged with the call's purpose and task", async () => {
    const { model, log } = persona({ malformedJson: 1 });
    await model.callTools(executeRequest(searchTask("s5"), 1)).catch(() => {});
    expect(log.items).toEqual([
      { kind: "noise", noise: "malformedJson", purpose: "execute", taskId: "s5", at: 400 },
    ]);
  });
});

describe("PersonaModel: time and seeds", () => {
  it("each call sleeps its tier's latency on the virtual clock", async () => {
    const { model, clock } = persona({}, 1, { model: { fast: 111, strong: 2_222 } });
    const started = performance.now();
    await model.generateObject(planRequest());
    expect(clock.now()).toBe(2_222);
    await model.generateObject(assessRequest(searchTask(), true));
    expect(clock.now()).toBe(2_333);
    await model.callTools(executeRequest(searchTask(), 1));
    expect(clock.now()).toBe(2_444);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("a malformed reply takes the latency too", async () => {
    const { model, clock } = persona({ malformedJson: 1 });
    await model.generateObject(planRequest()).catch(() => {});
    expect(clock.now()).toBe(1_200);
  });

  /** Which of `n` assessments (over a few tasks, each asked several times) were struck. */
  async function strikes(seed: number, n = 200): Promise<boolean[]> {
    const { model } = persona({ malformedJson: 0.5 }, seed, { model: { fast: 0, strong: 0 } });
    const out: boolean[] = [];
    for (let i = 0; i < n; i++) {
      const task = searchTask(`s${i % 20}`);
      out.push(
        await model.generateObject(assessRequest(task, true)).then(
          () => false,
          () => true,
        ),
      );
    }
    return out;
  }

  it("the same seed gives the same outcomes; different seeds give different ones", async () => {
    const a = await strikes(11);
    expect(await strikes(11)).toEqual(a);
    const b = await strikes(12);
    expect(b).not.toEqual(a);
    const share = a.filter(Boolean).length / a.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
    // Repeated calls at the same place do not all share one fate.
    const firstTask = a.filter((_, i) => i % 20 === 0);
    expect(new Set(firstTask).size).toBe(2);
  });

  it("outcomes are keyed by the call's place, not by how many calls came before", async () => {
    const task = searchTask("s-place");
    const alone = persona({ malformedJson: 0.5 }, 5);
    const crowded = persona({ malformedJson: 0.5 }, 5);
    for (let i = 0; i < 30; i++)
      await crowded.model.generateObject(assessRequest(searchTask(`other${i}`), true)).catch(() => {});
    const fate = async (h: Harness) =>
      h.model.generateObject(assessRequest(task, true)).then(
        () => "ok",
        () => "struck",
      );
    const seqAlone = [await fate(alone), await fate(alone), await fate(alone)];
    const seqCrowded = [await fate(crowded), await fate(crowded), await fate(crowded)];
    expect(seqCrowded).toEqual(seqAlone);
  });
});
