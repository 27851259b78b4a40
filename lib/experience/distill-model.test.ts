import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, RunEvent } from "../agent/events";
import { createRun, drive } from "../agent/loop";
import { makeDeps, reportTask, workTask } from "../agent/testing/harness";
import { BuiltinModel } from "../llm/builtin/builtin-model";
import { OpenAIChatModel } from "../llm/openai-model";
import { portabilityProblems } from "../llm/schema-portability";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../llm/testing/fake-openai-server";
import { distillLessons, factsOf } from "./distill";
import { checkProposal, distillByModel, type ProposedLesson } from "./distill-model";
import { learnFromRun } from "./learn";
import { describeLesson } from "./lesson";
import { InMemoryLessonStore } from "./store";

type Ev<T extends RunEvent["type"]> = EventOf<T>;

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAIServer();
});
afterEach(() => server.close());

const llm = () =>
  new OpenAIChatModel({
    baseURL: server.url,
    apiKey: "sk-test",
    fastModel: "fast-model",
    strongModel: "strong-model",
    maxRetries: 0,
    timeoutMs: 5_000,
  });
const reply = (lessons: unknown[]) => ({ content: JSON.stringify({ lessons }) });

/**
 * A run with something to learn: `a` fails transiently, is retried, fails the same way and is
 * repaired around; `b` returns too few items, is reflected on and retried, still falls short.
 */
async function finishedRun() {
  const h = makeDeps({
    plan: [workTask("a"), workTask("b"), reportTask(["a", "b"])],
    behaviours: { a: { transient: 5 }, b: { items: 1 } },
  });
  await drive(
    await createRun(h.deps, {
      runId: "r1",
      goal: "Research the pricing of vendors",
      config: { toolRetries: 0 },
    }),
  );
  const events = h.events;
  const find = <T extends RunEvent["type"]>(type: T, ok: (e: Ev<T>) => boolean) => {
    const e = events.find((x): x is Ev<T> => x.type === type && ok(x as Ev<T>));
    if (!e) throw new Error(`no ${type} in the run`);
    return e.seq;
  };
  return {
    events,
    seqs: {
      aFailed: find("tool.returned", (e) => e.taskId === "a" && e.attempt === 1 && e.final),
      aRetry: find("decision", (e) => e.taskId === "a" && e.kind === "retry"),
      aFailedAgain: find("tool.returned", (e) => e.taskId === "a" && e.attempt === 2 && e.final),
      bReturned: find("tool.returned", (e) => e.taskId === "b" && e.attempt === 1),
      bReflection: find("reflection", (e) => e.taskId === "b"),
      bFailed: find("task.failed", (e) => e.taskId === "b"),
      bEvaluated: find("reflection.evaluated", (e) => e.taskId === "b"),
      reportSucceeded: find("task.succeeded", (e) => e.taskId === "report"),
      aSkipped: find("plan.repaired", (e) => e.taskId === "a" && e.action === "skip_task"),
      finished: find("run.finished", () => true),
    },
  };
}

describe("lessons distilled by a language model", () => {
  it("keeps a proposal its cited events show, and rejects the ones they do not", async () => {
    const { events, seqs } = await finishedRun();
    const reflectDidNotHelp: ProposedLesson = {
      action: "reflect",
      outcome: "did_not_help",
      tool: "work",
      trigger: "criteria_unmet",
      failureCode: "",
      evidence: [seqs.bReturned, seqs.bReflection, seqs.bEvaluated],
    };
    server.enqueue(
      reply([
        reflectDidNotHelp,
        // A seq this run never had.
        { ...reflectDidNotHelp, evidence: [seqs.bReturned, 9_999] },
        // The retry did not help: claiming it helped is not what the events show.
        {
          action: "retry",
          outcome: "helped",
          tool: "work",
          trigger: "transient_error",
          failureCode: "unavailable",
          evidence: [seqs.aFailed, seqs.aRetry, seqs.aFailedAgain],
        },
        // Evidence from two tasks: a's failure, the report's success.
        {
          action: "retry",
          outcome: "helped",
          tool: "work",
          trigger: "",
          failureCode: "unavailable",
          evidence: [seqs.aFailed, seqs.aRetry, seqs.reportSucceeded],
        },
        // Skipping a (it could not be reached) let the run finish: what the rules learn too.
        {
          action: "repair",
          outcome: "helped",
          tool: "work",
          trigger: "repeated_failure",
          failureCode: "unavailable",
          evidence: [seqs.aFailedAgain, seqs.aSkipped, seqs.finished],
        },
      ]),
    );
    const store = new InMemoryLessonStore();
    const learned = await learnFromRun(store, events, 1, { model: llm() });
    expect(learned.model?.lessons).toHaveLength(2);
    expect(learned.model?.rejected.map((r) => r.reason)).toEqual([
      "seq 9999 is not an event of this run",
      "no cited event after the move shows that it helped",
      "its evidence is not about exactly one task",
    ]);
    const fromModel = learned.lessons.find((l) => l.rule === "model");
    expect(fromModel).toMatchObject({
      action: "reflect",
      outcome: "did_not_help",
      signature: { tool: "work", trigger: "criteria_unmet", failureCode: "", language: "en" },
      evidence: [{ runId: "r1", seqs: [seqs.bReturned, seqs.bReflection, seqs.bEvaluated] }],
    });
    expect(describeLesson(fromModel as NonNullable<typeof fromModel>)).toBe(
      "When work (criteria unmet), reflecting on the result did not help.",
    );
    // Goal terms are the run's own, never the model's; the rules' lessons are stored beside it, and
    // a proposal the rules also made merges into theirs.
    expect(fromModel?.signature.goalTerms).toEqual(distillLessons(events)[0]?.signature.goalTerms);
    expect(distillLessons(events).map((l) => l.rule)).toContain("repair_succeeded");
    expect(learned.lessons.length).toBe(distillLessons(events).length + 2);
    expect(store.size).toBe(distillLessons(events).length + 1);

    // One call, with the strict wire schema, and a prompt of structured fields only.
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]?.body;
    expect(body.model).toBe("strong-model");
    expect(body.response_format.json_schema.name).toBe("lesson_proposals");
    expect(portabilityProblems(body.response_format.json_schema.schema, "llama.cpp")).toEqual([]);
    const prompt = JSON.stringify(body.messages);
    expect(prompt).toContain(`${seqs.aRetry} decision task=a kind=retry trigger=transient_error`);
    expect(prompt).not.toContain("items for"); // tool summaries
    expect(prompt).not.toContain("needs another variant"); // a reflection's prose
  });

  it("wants the evidence to show the claim, not to sit near it", async () => {
    const { events, seqs } = await finishedRun();
    const facts = factsOf(events);
    if (!facts) throw new Error("no run");
    const check = (p: ProposedLesson) => checkProposal(p, events, facts);
    const reflect: ProposedLesson = {
      action: "reflect",
      outcome: "did_not_help",
      tool: "work",
      trigger: "criteria_unmet",
      failureCode: "",
      evidence: [seqs.bReturned, seqs.bReflection, seqs.bEvaluated],
    };
    expect(check(reflect)).toMatchObject({ ok: true });
    // The failure recorded right after the reflection's decision is the attempt reflected on.
    expect(seqs.bFailed).toBeGreaterThan(seqs.bReflection);
    expect(check({ ...reflect, evidence: [seqs.bReturned, seqs.bReflection, seqs.bFailed] })).toEqual({
      ok: false,
      reason: "no cited event after the move shows that it did not help",
    });
    // The reflection's own evaluation says it did not help: claiming it helped is refused.
    expect(check({ ...reflect, outcome: "helped" })).toMatchObject({ ok: false });
    expect(check({ ...reflect, action: "repair" })).toEqual({
      ok: false,
      reason: "no cited event shows the move repair on criteria_unmet after the situation",
    });
    expect(check({ ...reflect, tool: "", trigger: "" })).toEqual({
      ok: false,
      reason: "it names neither a tool nor a trigger",
    });
    expect(check({ ...reflect, tool: "approve" })).toEqual({
      ok: false,
      reason: "no cited tool return shows approve",
    });
  });

  it("refuses a reply outside the schema at the boundary, and keeps the rules' lessons", async () => {
    const { events } = await finishedRun();
    const approve = {
      action: "approve",
      outcome: "helped",
      tool: "work",
      trigger: "",
      failureCode: "",
      evidence: [1, 2],
    };
    // The adapter gives the model one repair round; it answers the same.
    server.enqueue(reply([approve]), reply([approve]));
    const logged: unknown[][] = [];
    const store = new InMemoryLessonStore();
    const learned = await learnFromRun(store, events, 1, {
      model: llm(),
      log: (...args) => logged.push(args),
    });
    expect(learned.model).toBeNull();
    expect(logged).toHaveLength(1);
    expect(String(logged[0]?.[1])).toMatch(/schema|action/i);
    expect(learned.lessons.map((l) => l.rule).sort()).toEqual(
      distillLessons(events)
        .map((l) => l.rule)
        .sort(),
    );
    expect(learned.lessons.length).toBeGreaterThan(0);
  });

  it("asks no model when the run's model is rules (builtin), nor when nothing happened to learn from", async () => {
    const { events } = await finishedRun();
    const viaBuiltin = await learnFromRun(new InMemoryLessonStore(), events, 1, {
      model: new BuiltinModel(),
    });
    expect(viaBuiltin.model).toBeNull();
    const quiet = makeDeps({ plan: [workTask("a"), reportTask(["a"])] });
    await drive(await createRun(quiet.deps, { runId: "r2", goal: "Research vendors" }));
    expect(await distillByModel(llm(), quiet.events)).toEqual({ lessons: [], rejected: [], usage: null });
    expect(server.requests).toHaveLength(0);
  });
});
