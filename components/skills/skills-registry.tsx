"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/runs/fetch-json";
import { ErrorNotice, Loading } from "@/components/ui/states";
import type { SkillListing } from "@/lib/runs/service/skills";
import { AddPromptSkill } from "./add-prompt-skill";
import styles from "./skills.module.css";

export const fetchSkills = () => fetchJson<SkillListing>("/api/skills");

const describeTrigger = (t: Record<string, unknown>) =>
  Object.entries(t)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
    .join("; ");

/** Every skill the agent has: the builtin ones (the monitor's behaviours) and the prompt skills people added. */
export function SkillsRegistry() {
  const queryClient = useQueryClient();
  const skills = useQuery({ queryKey: ["skills"], queryFn: fetchSkills });
  const remove = useMutation({
    // JSON like every API write: the proxy refuses any other content type, body or not.
    mutationFn: (id: string) =>
      fetchJson(`/api/skills/${encodeURIComponent(id)}`, {
        method: "DELETE",
        headers: { "content-type": "application/json" },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["skills"] }),
  });
  return (
    <div className={styles.page} data-testid="skills-registry">
      <div className={styles.head}>
        <div>
          <h1>Skills</h1>
          <p className="muted">
            What the agent does to stay on course, named: <b>code</b> skills are rules, <b>hybrid</b> ones let
            the model judge and code act, <b>prompt</b> skills add an instruction to the model calls their
            trigger names. A new run can switch any of them off (Advanced settings).
          </p>
        </div>
        <AddPromptSkill />
      </div>
      {skills.isPending && <Loading label="Loading skills…" />}
      {skills.isError && <ErrorNotice message={`Skills could not be loaded: ${skills.error.message}`} />}
      {remove.isError && <ErrorNotice message={`Not removed: ${remove.error.message}`} />}
      {skills.data && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Skill</th>
              <th scope="col">Kind</th>
              <th scope="col">Trigger</th>
              <th scope="col">Model role</th>
              <th scope="col">Code role</th>
              <th scope="col">Parameters</th>
              <th scope="col">
                <span className={styles.hidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {skills.data.skills.map((s) => (
              <tr key={s.id} data-testid="skill-row" data-skill={s.id} data-kind={s.kind}>
                <th scope="row">
                  <div>{s.name}</div>
                  <code className="muted">{s.id}</code>
                  <p className={styles.description}>{s.description}</p>
                </th>
                <td>{s.kind}</td>
                <td>{describeTrigger(s.trigger)}</td>
                <td>{s.modelRole ? `${s.modelRole.schema} (${s.modelRole.fields.join(", ")})` : "—"}</td>
                <td>{s.codeRole ? <code>{s.codeRole}</code> : "—"}</td>
                <td>
                  {Object.entries(s.parameters)
                    .map(([k, v]) => `${k}: ${String(v)}`)
                    .join(", ") || "—"}
                </td>
                <td>
                  {!s.builtin && (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(s.id)}
                      data-testid="remove-skill"
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
