"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { fetchSkills } from "./skills-registry";

/**
 * The skills a new run uses: every switchable skill, on unless unticked. The prompt skills people
 * added travel in the run's config, so the run keeps them even if they are removed later.
 */
export function SkillSwitches({
  disabled,
  onChange,
}: {
  disabled: readonly string[];
  onChange: (disabled: string[]) => void;
}) {
  const id = useId();
  const skills = useQuery({ queryKey: ["skills"], queryFn: fetchSkills });
  const switchable = skills.data?.skills.filter((s) => s.switchable) ?? [];
  return (
    <details data-testid="skill-switches">
      <summary>
        Skills{" "}
        <span className="muted">
          {disabled.length ? `${disabled.length} off` : "all on"}
          {skills.data?.prompt.length ? `, ${skills.data.prompt.length} added prompt skills` : ""}
        </span>
      </summary>
      {skills.isError && (
        <p className="muted">Skills could not be loaded; the run uses every builtin skill.</p>
      )}
      <fieldset aria-labelledby={`${id}-legend`}>
        <legend id={`${id}-legend`} className="muted">
          Untick a skill to run without it (as the bench's -skill arms do).
        </legend>
        {switchable.map((s) => (
          <label key={s.id} className="inline" title={s.description}>
            <input
              type="checkbox"
              checked={!disabled.includes(s.id)}
              onChange={(e) =>
                onChange(e.target.checked ? disabled.filter((x) => x !== s.id) : [...disabled, s.id])
              }
              data-testid={`skill-switch-${s.id}`}
            />
            {s.name} <span className="muted">({s.kind})</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** The run config's skills part: the switched-off ids that exist, and the added prompt skills. */
export function skillsConfig(
  disabled: readonly string[],
  listing: { prompt: { id: string }[]; skills: { id: string; switchable: boolean }[] } | undefined,
) {
  if (!listing) return undefined;
  const known = new Set(listing.skills.filter((s) => s.switchable).map((s) => s.id));
  return { disabled: disabled.filter((d) => known.has(d)), prompt: listing.prompt };
}
