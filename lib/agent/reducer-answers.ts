import type { StateDraft } from "./draft";
import type { EventOf } from "./events";
import type { TaskState } from "./state";

const RECENT_CALLS = 30;

/** A tool result: the task's outcome, the artifact, the idempotency cache, recent calls, documents read. */
export function onToolReturned(d: StateDraft, ev: EventOf<"tool.returned">, task: TaskState | undefined) {
  const s = d.s;
  if (task) {
    task.inFlight = false;
    task.tries = ev.try + 1;
    if (ev.final) {
      task.result = ev.result;
      task.lastCallKey = ev.repeatKey;
    }
  }
  if (ev.result.ok && !ev.cached && ev.result.artifactId) {
    d.field("artifacts")[ev.result.artifactId] = {
      id: ev.result.artifactId,
      taskId: ev.taskId,
      name: `${ev.taskId} ${ev.tool} output`,
      mediaType: "application/json",
      data: ev.output,
      bytes: JSON.stringify(ev.output ?? null).length,
    };
    d.field("toolCache")[ev.idempotencyKey] = { result: ev.result, artifactId: ev.result.artifactId };
  }
  if (ev.final) {
    const recent = d.field("recentCalls");
    recent.push({
      tool: ev.tool,
      key: ev.repeatKey,
      result: `${ev.result.code}:${ev.result.summary}`,
      taskId: ev.taskId,
    });
    if (recent.length > RECENT_CALLS) recent.shift();
  }
  if (ev.tool === "read" && ev.result.ok) {
    for (const { docId } of ev.result.evidence) {
      if (!s.readDocuments.includes(docId)) d.field("readDocuments").push(docId);
    }
  }
}

/** A person's answer: the question closes, the run resumes, the task runs again with the answer. */
export function onAnswered(d: StateDraft, ev: EventOf<"question.answered">) {
  const s = d.s;
  const asked = s.questions[ev.questionId];
  if (!asked || asked.status === "answered") return;
  const questions = d.field("questions");
  const q = d.own(asked);
  questions[ev.questionId] = q;
  q.status = "answered";
  q.answer = ev.answer;
  q.answeredBy = ev.by;
  // Only a question the run waits on keeps it waiting; one asked aside does not.
  const stillOpen = Object.values(questions).some((x) => x.status === "pending" && x.blocking !== false);
  if (s.status === "waiting" && !stillOpen) {
    s.status = "running";
    // Waiting for a person is not the run's own time: the wall-clock budget leaves it out.
    if (s.waitingSince != null) s.waitedMs = (s.waitedMs ?? 0) + Math.max(0, ev.at - s.waitingSince);
    s.waitingSince = null;
  }
  const task = q.blocking === false ? undefined : d.task(q.taskId);
  if (task?.status === "waiting") {
    // The answer is the next attempt's input: the task runs again with it.
    task.status = "pending";
    if (task.result) {
      task.attempt += 1;
      task.result = null;
      task.tries = 0;
    }
  }
}
