import type { RunConfig } from "../agent/config";
import type { DecisionKind } from "../agent/events";
import type { TaskState } from "../agent/state";
import type { CriterionCheck } from "./criteria";

export interface GateDecision {
  kind: DecisionKind;
  /** The signal that fired. */
  trigger: string;
  /** One sentence a person can read. */
  reason: string;
}

export interface Assessment {
  ok: boolean;
  code: string;
  transient: boolean;
  checks: CriterionCheck[];
  /** Calibrated: never above what the criteria support. */
  confidence: number;
  repeating: boolean;
  contradictions: string[];
  /** Figures the same document stated differently in an earlier result: this result was garbled. */
  inconsistent: string[];
}

export interface GateContext {
  config: RunConfig;
  task: TaskState;
  /** Retries made so far across the whole run. */
  retries: number;
  /** Is this skill (lib/skills) on? Absent: all are. A rule whose skill is off is skipped. */
  enabled?: (skill: string) => boolean;
}

const schemaInvalid = new Set([
  "invalid_input",
  "malformed_output",
  "invalid_json",
  "schema_violation",
  "no_tool_call",
]);

/**
 * Rules first. Returns null when the rules cannot decide (the result passes its criteria but its
 * confidence sits just under the threshold): then, and only then, the model is asked to assess.
 */
export function gate(
  a: Assessment,
  { config, task, retries, enabled = () => true }: GateContext,
): GateDecision | null {
  const escalate = (trigger: string, reason: string): GateDecision => {
    if (task.repairs >= 1 && enabled("escalation-limit")) {
      return {
        kind: "ask_user",
        trigger: "escalation_limit",
        reason: `${reason} The task was already repaired once, so a person should decide.`,
      };
    }
    if (!enabled("plan-repair")) {
      return {
        kind: "ask_user",
        trigger: "escalation_limit",
        reason: `${reason} Local repair is switched off, so a person should decide.`,
      };
    }
    return { kind: "repair", trigger, reason };
  };

  if (a.repeating && enabled("repetition-guard")) {
    return escalate(
      "repetition",
      `The same ${task.tool} call returned the same result 3 times in a row; repeating it again will not help.`,
    );
  }
  if (!a.ok && a.code === "repeated_call" && enabled("rejected-call-guard")) {
    // The model ignored what the last attempt was told to do differently: reflect on it again.
    if (task.reflections < config.maxReflectionsPerTask) {
      return {
        kind: "reflect",
        trigger: "repeated_call",
        reason: "The model repeated the call that was just rejected; it was not executed.",
      };
    }
    return escalate("repeated_call", "The model keeps repeating a rejected call.");
  }
  if (!a.ok) {
    const retryable = a.transient || schemaInvalid.has(a.code);
    const failures = task.failures + 1;
    if (retryable && failures < config.maxTaskFailures && enabled("retry")) {
      if (retries >= config.globalRetryCap) {
        return {
          kind: "ask_user",
          trigger: "global_retry_cap",
          reason: `The run has used all ${config.globalRetryCap} retries; a person should decide how to go on.`,
        };
      }
      return {
        kind: "retry",
        trigger: a.transient ? "transient_error" : "schema_invalid",
        reason: `${task.tool} failed with ${a.code}, which may pass on another attempt.`,
      };
    }
    if (failures >= config.maxTaskFailures) {
      return escalate("repeated_failure", `Task "${task.id}" failed ${failures} times (last: ${a.code}).`);
    }
    return escalate(
      "permanent_error",
      `${task.tool} failed with ${a.code}, which another identical attempt cannot fix.`,
    );
  }
  if (a.inconsistent.length > 0 && task.failures + 1 < config.maxTaskFailures && enabled("retry")) {
    return {
      kind: "retry",
      trigger: "inconsistent_source",
      reason: `The result disagrees with its own source (${a.inconsistent.join("; ")}): it was garbled on the way, so it is fetched again.`,
    };
  }
  const canReflect = task.reflections < config.maxReflectionsPerTask && enabled("reflect");
  if (a.contradictions.length > 0 && canReflect && enabled("contradiction-check")) {
    return {
      kind: "reflect",
      trigger: "contradiction",
      reason: `The result disagrees with earlier results on ${a.contradictions.join(", ")}.`,
    };
  }
  const unmet = a.checks.filter((c) => !c.met);
  if (unmet.length === 0 && a.confidence >= config.confidenceThreshold && enabled("criteria-accept")) {
    return {
      kind: "continue",
      trigger: "criteria_met",
      reason: `All ${a.checks.length} criteria are met at confidence ${a.confidence.toFixed(2)}.`,
    };
  }
  if (
    unmet.length === 0 &&
    a.confidence >= config.confidenceThreshold - config.grayZone &&
    enabled("model-assess")
  )
    return null;
  const why =
    unmet.length > 0
      ? `Criteria not met: ${unmet.map((c) => `${c.description} (${c.detail})`).join("; ")}.`
      : `Confidence ${a.confidence.toFixed(2)} is below the threshold ${config.confidenceThreshold}.`;
  if (canReflect) {
    return { kind: "reflect", trigger: unmet.length > 0 ? "criteria_unmet" : "low_confidence", reason: why };
  }
  return escalate("reflection_limit", `${why} Reflection did not fix it ${task.reflections} times.`);
}
