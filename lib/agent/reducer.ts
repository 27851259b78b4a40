import { addEntry, applyConfidence, removeEntries, updateEntry } from "../memory/working-memory";
import { StateDraft } from "./draft";
import type { RunEvent } from "./events";
import { onAnswered, onToolReturned } from "./reducer-answers";
import { installGraph } from "./reducer-plan";
import { initialState, type RunState, recallKey, type TaskState } from "./state";

function apply(d: StateDraft, ev: RunEvent) {
  const s = d.s;
  const id = "taskId" in ev && typeof ev.taskId === "string" ? ev.taskId : null;
  const task =
    id && s.tasks[id] && ev.type !== "tool.returned" && ev.type !== "question.answered"
      ? d.task(id)
      : undefined;
  switch (ev.type) {
    case "run.started":
      s.goal = ev.goal;
      s.config = ev.config;
      s.model = ev.model;
      s.parentRunId = ev.parentRunId;
      s.status = "running";
      s.startedAt = ev.at;
      return;
    case "run.forked":
      // The parent is the one `run.started` names: a fork of a fork inherits its parent's run.forked.
      if (ev.goal !== null) s.goal = ev.goal;
      if (ev.budgets !== null) s.config = { ...s.config, budgets: { ...s.config.budgets, ...ev.budgets } };
      return;
    case "checklist.evaluated":
      s.checklist = ev.items;
      return;
    case "run.finished":
      s.status = "succeeded";
      s.outcome = { reason: ev.reason, code: null, reportArtifactId: ev.reportArtifactId };
      s.batch = null;
      return;
    case "run.failed":
      s.status = "failed";
      s.outcome = { reason: ev.reason, code: ev.code, reportArtifactId: null };
      s.batch = null;
      return;
    case "run.cancelled":
      s.status = "cancelled";
      s.outcome = { reason: ev.reason, code: "cancelled", reportArtifactId: null };
      s.batch = null;
      return;
    case "goal.clarified":
      s.spec = ev.spec;
      if ((ev.amendments ?? 0) > (s.amendmentsApplied ?? 0)) s.replanForAmendment = true;
      s.amendmentsApplied = ev.amendments ?? 0;
      return;
    case "goal.amended":
      s.amendments = [
        ...(s.amendments ?? []),
        { text: ev.text, by: ev.by, seq: ev.seq, ...(ev.questionId ? { questionId: ev.questionId } : {}) },
      ];
      return;
    case "plan.proposed":
      s.proposal = ev;
      return;
    case "plan.rejected":
      s.planRejections += 1;
      s.rejected = { graph: s.proposal?.graph ?? null, violations: ev.violations };
      s.proposal = null;
      return;
    case "plan.validated": {
      s.replanForAmendment = false;
      const replacing = s.plans.length > 0;
      installGraph(d, ev.tasks, replacing ? "replan" : "plan", ev.version, "dropped by a new plan");
      Object.assign(d.item("plans", s.plans.length - 1) as object, {
        trigger: ev.trigger,
        reason: ev.reason,
      });
      return;
    }
    case "plan.repaired":
      installGraph(d, ev.tasks, "repair", ev.version, `dropped by repair of ${ev.taskId}`);
      Object.assign(d.item("plans", s.plans.length - 1) as object, {
        trigger: ev.trigger,
        reason: ev.reason,
      });
      d.field("counters").repairs += 1;
      if (s.tasks[ev.taskId]) {
        const t = d.task(ev.taskId) as TaskState;
        // A repair is a change of direction: earlier repeats of its call no longer count as a loop.
        s.recentCalls = s.recentCalls.filter((c) => c.key !== t.lastCallKey);
        t.repairs += 1;
        t.pending = null;
        t.settledIn = s.iteration;
        if (ev.action === "skip_task") {
          t.status = "skipped";
          t.note = ev.reason;
        }
      }
      return;
    case "plan.replanned":
      s.replanForAmendment = false;
      installGraph(d, ev.tasks, "replan", ev.version, "dropped by replan");
      Object.assign(d.item("plans", s.plans.length - 1) as object, {
        trigger: ev.trigger,
        reason: ev.reason,
      });
      d.field("counters").replans += 1;
      s.recentCalls = [];
      s.lastProgressIteration = s.iteration;
      for (const tid of s.taskOrder) {
        const t = d.task(tid) as TaskState;
        t.pending = null;
        if (s.batch?.includes(t.id)) t.settledIn = s.iteration;
      }
      return;
    case "iteration.started":
      s.iteration = ev.iteration;
      s.batch = ev.taskIds;
      d.field("counters").iterations += 1;
      return;
    case "iteration.finished":
      s.batch = null;
      return;
    case "task.ready":
      if (task) task.status = "ready";
      return;
    case "task.started":
      if (task) {
        task.status = "running";
        task.attempt = ev.attempt;
        task.tries = 0;
        task.result = null;
      }
      return;
    case "task.assessed":
      if (task) {
        task.confidence = ev.confidence;
        task.assessedIn = s.iteration;
      }
      return;
    case "task.succeeded":
      if (task) {
        task.status = "succeeded";
        task.confidence = ev.confidence;
        task.note = ev.summary;
        task.pending = null;
        task.settledIn = s.iteration;
        task.questionId = null;
      }
      s.lastProgressIteration = s.iteration;
      return;
    case "task.failed":
      if (!task) return;
      task.pending = null;
      task.settledIn = s.iteration;
      task.questionId = null;
      task.failures += 1;
      task.note = ev.reason;
      if (ev.final) {
        task.status = "failed";
      } else {
        // Told to do something different (a hint): the same call again would be ignoring it.
        task.rejectedKey = ev.hint.trim() ? task.lastCallKey : null;
        // The monitor rejected a result the tool returned: the retry must really run the call.
        const rejected = task.result?.ok ? task.result.artifactId : null;
        if (rejected) {
          const cache = d.field("toolCache");
          for (const [key, v] of Object.entries(cache)) if (v.artifactId === rejected) delete cache[key];
        }
        task.status = "pending";
        task.attempt += 1;
        task.result = null;
        task.tries = 0;
        task.hint = ev.hint;
        d.field("counters").retries += 1;
      }
      return;
    case "task.skipped":
      if (task) {
        task.status = "skipped";
        task.note = ev.reason;
        task.pending = null;
        task.settledIn = s.iteration;
        task.questionId = null;
      }
      return;
    case "tool.called":
      d.field("counters").toolCalls += 1;
      if (task) task.inFlight = true;
      return;
    case "tool.returned":
      onToolReturned(d, ev, d.task(ev.taskId));
      return;
    case "artifact.written":
      d.field("artifacts")[ev.artifactId] = {
        id: ev.artifactId,
        taskId: ev.taskId,
        name: ev.name,
        mediaType: ev.mediaType,
        data: ev.data,
        bytes: ev.bytes,
      };
      return;
    case "memory.added":
      s.memory = addEntry(s.memory, ev.entry);
      return;
    case "memory.updated":
      s.memory = updateEntry(s.memory, ev.id, ev.patch);
      return;
    case "memory.decayed":
      s.memory = applyConfidence(s.memory, ev.changes);
      s.lastDecayIteration = ev.iteration;
      return;
    case "memory.evicted":
      for (const { id, reason } of ev.evictions) {
        const entry = s.memory.entries[id];
        if (entry)
          d.field("evicted").push({ id, kind: entry.kind, content: entry.content, reason, seq: ev.seq });
      }
      s.memory = removeEntries(
        s.memory,
        ev.evictions.map((x) => x.id),
      );
      return;
    case "snapshot.taken":
      d.field("snapshots")[ev.snapshotId] = { iteration: ev.iteration, seq: ev.seq };
      s.lastSnapshot = { id: ev.snapshotId, memory: ev.memory };
      return;
    case "reflection":
      d.field("reflections").push({
        seq: ev.seq,
        taskId: ev.taskId,
        attempt: ev.attempt,
        trigger: ev.trigger,
        answers: ev.answers,
        action: ev.action,
        conclusion: ev.conclusion,
        repeated: ev.repeated,
        hint: ev.hint,
        question: ev.question,
        effective: null,
      });
      d.field("counters").reflections += 1;
      if (task) {
        task.reflections += 1;
        task.reflectedAt = task.confidence ?? 0;
        task.reflectedIn = s.iteration;
        task.pending = null;
      }
      return;
    case "reflection.evaluated": {
      const index = s.reflections.findLastIndex((r) => r.taskId === ev.taskId);
      const last = d.item("reflections", index);
      if (last) last.effective = ev.effective;
      if (!ev.effective) d.field("counters").ineffectiveReflections += 1;
      if (task) task.reflectedAt = null;
      return;
    }
    case "decision":
      d.field("decisions").push({
        seq: ev.seq,
        kind: ev.kind,
        trigger: ev.trigger,
        reason: ev.reason,
        taskId: ev.taskId,
        attempt: ev.attempt,
      });
      {
        const counters = d.field("counters");
        counters.decisions = { ...counters.decisions, [ev.kind]: (counters.decisions[ev.kind] ?? 0) + 1 };
      }
      if (task) task.pending = { kind: ev.kind, trigger: ev.trigger, reason: ev.reason };
      return;
    case "rollback": {
      s.memory = ev.memory;
      for (const tid of ev.taskIds) {
        const t = d.task(tid);
        if (!t) continue;
        t.status = "pending";
        t.attempt += 1;
        t.result = null;
        t.tries = 0;
        t.pending = null;
        t.confidence = null;
        t.settledIn = s.iteration;
        t.hint = ev.hint;
      }
      d.field("counters").rollbacks += 1;
      // A person's rollback re-opens a failed run; the monitor's happens mid-run.
      if (ev.by !== "monitor" && s.status === "failed") {
        s.status = "running";
        s.outcome = null;
      }
      return;
    }
    case "question.asked":
      d.field("questions")[ev.questionId] = {
        id: ev.questionId,
        prompt: ev.prompt,
        choices: ev.choices,
        taskId: ev.taskId,
        origin: ev.origin,
        status: "pending",
        answer: null,
        answeredBy: null,
        askedSeq: ev.seq,
        deadline: ev.deadline ?? null,
        onDeadline: ev.onDeadline ?? null,
        blocking: ev.blocking ?? true,
      };
      d.field("counters").questions += 1;
      // A question asked aside: the run goes on, and its task keeps the state it had.
      if (ev.blocking === false) return;
      if (s.status !== "waiting") s.waitingSince = ev.at;
      s.status = "waiting";
      if (task) {
        task.status = "waiting";
        task.questionId = ev.questionId;
        task.pending = null;
        task.settledIn = s.iteration;
      }
      return;
    case "question.answered":
      onAnswered(d, ev);
      return;
    case "budget.exceeded":
    case "skill.fired":
      return;
    case "experience.recalled":
      s.recalls = { ...(s.recalls ?? {}), [recallKey(ev.point, ev.taskId, ev.attempt)]: ev.lessons };
      return;
    case "model.called":
      d.field("modelCalls")[ev.callId] = { callId: ev.callId, output: ev.output, error: ev.error };
      d.field("counters").modelCalls += 1;
      d.field("counters").tokens += ev.usage.totalTokens;
      d.field("counters").costUsd += ev.usage.costUsd;
      return;
  }
}

/** A firing's identity within its task's trailing run of firings. */
export const firingKey = (skill: string, trigger: string) => `${skill}:${trigger}`;

function trackFirings(s: RunState, ev: RunEvent) {
  const key = "taskId" in ev && typeof ev.taskId === "string" ? ev.taskId : "";
  const since = s.firedSince ?? {};
  if (ev.type === "skill.fired") {
    s.firedSince = { ...since, [key]: [...(since[key] ?? []), firingKey(ev.skill, ev.trigger)] };
  } else if (since[key]?.length) {
    const { [key]: _done, ...rest } = since;
    s.firedSince = rest;
  }
}

/** Pure and total: an event that does not apply to the state leaves it unchanged. */
export function reduce(state: RunState, event: RunEvent): RunState {
  return reduceAll(state, [event]);
}

export interface ReduceOptions {
  /**
   * The caller built `state` for this call and holds it nowhere else (a state just read from the
   * database): its top-level arrays and objects are written in place instead of copied first.
   * Objects below them are still copied before a write (a stored state's pieces are shared).
   */
  owned?: boolean;
}

/**
 * `events` folded into `state` in one draft: equal to reducing them one by one, but each object
 * is copied at most once for the whole batch instead of once per event. Per event, a run of
 * 1,000 tasks copied its task map (and its model-call and artifact maps) on nearly every event,
 * which made replaying a long run quadratic: 19,000 events took seconds, a few ms each.
 * Safe because the reducer writes only through the draft, and an object the draft created sits in
 * one place only, so mutating it in place later in the batch changes nothing the caller holds.
 */
export function reduceAll(
  state: RunState,
  events: readonly RunEvent[],
  { owned = false }: ReduceOptions = {},
): RunState {
  if (events.length === 0) return state;
  const d = new StateDraft(state, owned);
  for (const event of events) {
    d.s.seq = event.seq;
    d.s.updatedAt = event.at;
    apply(d, event);
    trackFirings(d.s, event);
  }
  return d.s;
}

/** Fold a prefix of a run's events into its state. */
export function replay(events: readonly RunEvent[], runId = events[0]?.runId ?? ""): RunState {
  return reduceAll(initialState(runId), events);
}
