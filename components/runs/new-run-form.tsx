"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type KeyboardEvent, useEffect, useState, useTransition } from "react";
import { startRunAction } from "@/app/actions";
import { SkillSwitches, skillsConfig } from "@/components/skills/skill-switches";
import { Goal, RunConfig } from "@/lib/agent/config";
import type { SkillListing } from "@/lib/runs/service/skills";
import { AdvancedSettings, settingInputId } from "./advanced-settings";
import { type FaultRow, faultsFrom } from "./fault-editor";
import { ImportRun } from "./import-run";
import {
  changedSettings,
  configFrom,
  defaultSettingValues,
  type SettingValues,
  settingFields,
} from "./run-settings";
import styles from "./runs.module.css";

const GOAL_MAX = 4_000;
type Model = "builtin" | "openai";
/** Where a refusal is shown: a control ("goal", "model", a setting path) or the form as a whole. */
type Refusal = { field: string; message: string };

const settingByPath = new Map(settingFields.map((f) => [f.path, f]));

/** "config.budgets.wallMs: Too big…" → the control it names, so the message sits next to it. */
function refusalFrom(code: string, message: string): Refusal {
  if (code === "model_unavailable") {
    return { field: "model", message: `${message} Choose builtin, or configure the endpoint on the server.` };
  }
  const named = /^([\w.]+): ([\s\S]*)$/.exec(message);
  if (code === "invalid_input" && named?.[1] && named[2]) {
    const path = named[1].replace(/^config\./, "");
    if (path === "goal" || path === "model" || settingByPath.has(path))
      return { field: path, message: named[2] };
  }
  return { field: "form", message };
}

/** `openAIUnavailable`: why the server cannot run the OpenAI model (null when it can). */
export function NewRunForm({ openAIUnavailable = null }: { openAIUnavailable?: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [goal, setGoal] = useState("");
  const [model, setModel] = useState<Model>("builtin");
  const [values, setValues] = useState<SettingValues>(defaultSettingValues);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [faults, setFaults] = useState<FaultRow[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, startTransition] = useTransition();

  // Move focus to the control that was refused, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (!refusal || refusal.field === "form") return;
    const id = settingByPath.has(refusal.field) ? settingInputId(refusal.field) : `new-run-${refusal.field}`;
    document.getElementById(id)?.focus();
  }, [refusal]);

  const changed = changedSettings(values);
  const [disabledSkills, setDisabledSkills] = useState<string[]>([]);
  const goalLength = goal.trim().length;

  function refuse(next: Refusal) {
    if (settingByPath.has(next.field)) setAdvancedOpen(true);
    setRefusal(next);
  }

  function submit(event?: { preventDefault(): void }) {
    event?.preventDefault();
    if (pending) return;
    // The same schemas the server applies, checked here first so mistakes show without a round trip.
    const goalCheck = Goal.safeParse(goal);
    if (!goalCheck.success)
      return refuse({ field: "goal", message: goalCheck.error.issues[0]?.message ?? "" });
    for (const f of settingFields) {
      const raw = values[f.path]?.trim() ?? "";
      const n = Number(raw);
      if (raw === "" || !Number.isFinite(n) || n < f.min || n > f.max) {
        return refuse({ field: f.path, message: `Enter a number from ${f.min} to ${f.max}.` });
      }
    }
    const config = configFrom(values);
    if (faults.length > 0) config.faults = faultsFrom(faults);
    const skills = skillsConfig(disabledSkills, queryClient.getQueryData<SkillListing>(["skills"]));
    if (skills) config.skills = skills;
    const configCheck = RunConfig.partial().safeParse(config);
    if (!configCheck.success) {
      // Through refusalFrom, so a path with no number field to point at is shown on the form, not dropped.
      const issue = configCheck.error.issues[0];
      return refuse(
        refusalFrom(
          "invalid_input",
          `${issue?.path.join(".") ?? "config"}: ${issue?.message ?? "Invalid setting."}`,
        ),
      );
    }
    setRefusal(null);
    startTransition(async () => {
      try {
        const result = await startRunAction({ goal, model, config });
        if (!result.ok) return refuse(refusalFrom(result.code, result.message));
        await queryClient.invalidateQueries({ queryKey: ["runs"] });
        router.push(`/runs/${encodeURIComponent(result.runId)}`);
      } catch {
        refuse({
          field: "form",
          message: "The server could not be reached. Check that it is running, then retry.",
        });
      }
    });
  }

  function onGoalKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) submit(e);
  }

  const errorFor = (field: string) =>
    refusal?.field === field ? (
      <p id={`new-run-${field}-error`} className={styles.fieldError} role="alert">
        {refusal.message}
      </p>
    ) : null;

  return (
    <section className={`panel ${styles.newRun}`} aria-labelledby="new-run-title">
      <h2 id="new-run-title">New run</h2>
      <form data-testid="new-run-form" onSubmit={submit} noValidate className="stack">
        <div className={styles.field}>
          <label htmlFor="new-run-goal">Goal</label>
          <textarea
            id="new-run-goal"
            data-testid="goal-input"
            rows={3}
            value={goal}
            placeholder="e.g. Compare Loomwork and Relaywright for enterprise use"
            onChange={(e) => {
              setGoal(e.target.value);
              if (refusal?.field === "goal") setRefusal(null);
            }}
            onKeyDown={onGoalKeyDown}
            aria-invalid={refusal?.field === "goal" || undefined}
            aria-describedby={`new-run-goal-count${refusal?.field === "goal" ? " new-run-goal-error" : ""}`}
          />
          <div className={styles.goalMeta}>
            {errorFor("goal") ?? (
              <span className={styles.hint}>What should the agent research or produce?</span>
            )}
            <span
              id="new-run-goal-count"
              className={goalLength > GOAL_MAX ? styles.counterOver : styles.counter}
            >
              {goalLength.toLocaleString("en")} / {GOAL_MAX.toLocaleString("en")}
              <span className={styles.srOnly}> characters</span>
              {goalLength > GOAL_MAX && ` · ${(goalLength - GOAL_MAX).toLocaleString("en")} over`}
            </span>
          </div>
        </div>

        <div className={styles.formRow}>
          <div className={styles.field}>
            <label htmlFor="new-run-model">Model</label>
            <select
              id="new-run-model"
              value={model}
              onChange={(e) => {
                setModel(e.target.value as Model);
                if (refusal?.field === "model") setRefusal(null);
              }}
              aria-invalid={refusal?.field === "model" || undefined}
              aria-describedby={
                [
                  refusal?.field === "model" && "new-run-model-error",
                  openAIUnavailable && "new-run-model-why",
                ]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            >
              <option value="builtin">builtin — offline, deterministic</option>
              <option value="openai" disabled={openAIUnavailable !== null}>
                openai — OpenAI-compatible endpoint{openAIUnavailable ? " (not configured)" : ""}
              </option>
            </select>
            {openAIUnavailable && (
              <span id="new-run-model-why" className={styles.hint} data-testid="model-unavailable">
                openai is off: {openAIUnavailable.replace(/^Invalid OpenAI settings: /, "")}. Set it in the
                server's environment to use it.
              </span>
            )}
          </div>
          <div className={styles.submitArea}>
            <span className={styles.hint}>
              <kbd>Ctrl</kbd>/<kbd>⌘</kbd> + <kbd>Enter</kbd>
            </span>
            <button type="submit" className="btn btn-primary" data-testid="start-run" disabled={pending}>
              {pending ? "Starting…" : "Start run"}
            </button>
          </div>
        </div>
        {errorFor("model")}

        <AdvancedSettings
          values={values}
          onChange={(path, value) => {
            setValues((v) => ({ ...v, [path]: value }));
            if (refusal?.field === path) setRefusal(null);
          }}
          onReset={() => setValues(defaultSettingValues())}
          open={advancedOpen}
          onToggle={setAdvancedOpen}
          error={
            refusal && settingByPath.has(refusal.field)
              ? { path: refusal.field, message: refusal.message }
              : null
          }
          changed={changed}
          faults={faults}
          onFaults={setFaults}
        />
        <SkillSwitches disabled={disabledSkills} onChange={setDisabledSkills} />
        {refusal?.field === "form" && (
          <div className="state state-error" role="alert">
            <strong>The run was not started.</strong> {refusal.message}
          </div>
        )}
      </form>
      <ImportRun />
    </section>
  );
}
