"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { fetchJson } from "@/components/runs/fetch-json";
import { SkillPurpose } from "@/lib/skills/skill";
import styles from "./skills.module.css";

const post = (body: unknown) =>
  fetchJson("/api/skills", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const list = (text: string) =>
  text
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/** Add a prompt skill from a small form, or from a JSON file of the same shape (validated by the server). */
export function AddPromptSkill() {
  const id = useId();
  const queryClient = useQueryClient();
  const [purposes, setPurposes] = useState<string[]>(["execute"]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const add = useMutation({
    mutationFn: post,
    onSuccess: () => {
      setMessage({ ok: true, text: "Skill added." });
      void queryClient.invalidateQueries({ queryKey: ["skills"] });
    },
    onError: (e) => setMessage({ ok: false, text: e.message }),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const tools = list(String(form.get("tools") ?? ""));
    const attempt = Number(form.get("attemptAtLeast") || 0);
    add.mutate({
      id: String(form.get("id") ?? "").trim(),
      name: String(form.get("name") ?? ""),
      description: String(form.get("description") ?? ""),
      template: String(form.get("template") ?? ""),
      trigger: {
        purposes,
        ...(tools.length ? { tools } : {}),
        ...(attempt > 0 ? { attemptAtLeast: attempt } : {}),
      },
    });
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setMessage({ ok: false, text: `${file.name} is not JSON.` });
      return;
    }
    add.mutate(body);
  };

  return (
    <details className={styles.add}>
      <summary data-testid="add-skill-toggle">Add a prompt skill</summary>
      <form onSubmit={submit} className={styles.form} data-testid="add-skill-form">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} name="name" required maxLength={80} data-testid="skill-name" />
        <label htmlFor={`${id}-id`}>Id</label>
        <input
          id={`${id}-id`}
          name="id"
          required
          placeholder="check-figures"
          title="Lowercase letters, digits and dashes"
          data-testid="skill-id"
        />
        <label htmlFor={`${id}-template`}>Instruction inserted into the prompt</label>
        <textarea
          id={`${id}-template`}
          name="template"
          required
          maxLength={2000}
          rows={3}
          data-testid="skill-template"
        />
        <label htmlFor={`${id}-description`}>Description</label>
        <input id={`${id}-description`} name="description" maxLength={500} />
        <fieldset>
          <legend>Model calls it applies to</legend>
          {SkillPurpose.options.map((p) => (
            <label key={p} className="inline">
              <input
                type="checkbox"
                checked={purposes.includes(p)}
                onChange={(e) =>
                  setPurposes((xs) => (e.target.checked ? [...xs, p] : xs.filter((x) => x !== p)))
                }
                data-testid={`skill-purpose-${p}`}
              />
              {p}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-tools`}>Only for these tools (comma-separated; empty: any)</label>
        <input id={`${id}-tools`} name="tools" placeholder="extract, read" data-testid="skill-tools" />
        <label htmlFor={`${id}-attempt`}>From attempt (empty: every attempt)</label>
        <input id={`${id}-attempt`} name="attemptAtLeast" type="number" min={1} max={100} />
        <div className={styles.actions}>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={add.isPending}
            data-testid="skill-submit"
          >
            Add skill
          </button>
          <label className="btn btn-ghost">
            Or load a JSON file
            <input
              type="file"
              accept="application/json,.json"
              className={styles.hidden}
              onChange={(e) => void upload(e.target.files?.[0])}
              data-testid="skill-file"
            />
          </label>
        </div>
        {message && (
          <p
            role={message.ok ? "status" : "alert"}
            className={message.ok ? "muted" : styles.error}
            data-testid="skill-message"
          >
            {message.text}
          </p>
        )}
      </form>
    </details>
  );
}
