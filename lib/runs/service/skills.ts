import { z } from "zod";
import type { Db } from "@/db/client";
import { deletePromptSkill, insertPromptSkill, listPromptSkills } from "@/db/queries/prompt-skills";
import { defaultRunConfig } from "../../agent/config";
import { BUILTIN_SKILL_IDS } from "../../skills/builtin";
import { declarePromptSkill, runSkills, switchableSkills } from "../../skills/registry";
import { type PromptSkill, PromptSkillInput, type SkillDeclaration } from "../../skills/skill";
import { invalidInput, ServiceError } from "../errors";

export interface SkillListing {
  /** The builtin skills (default parameters), then the prompt skills people added. */
  skills: (SkillDeclaration & { switchable: boolean; createdBy?: string })[];
  /** The added prompt skills as a run config carries them. */
  prompt: PromptSkill[];
}

const toPrompt = (r: Awaited<ReturnType<typeof listPromptSkills>>[number]): PromptSkill =>
  PromptSkillInput.parse({
    id: r.id,
    name: r.name,
    description: r.description,
    template: r.template,
    trigger: r.trigger,
  });

/** The registry as a person sees it: every builtin skill and every added prompt skill. */
export async function listSkills(db: Db): Promise<SkillListing> {
  const rows = await listPromptSkills(db);
  const prompt = rows.map(toPrompt);
  const switchable = new Set(switchableSkills(prompt));
  const builtin = runSkills(defaultRunConfig()).map(({ enabled: _on, ...s }) => ({
    ...s,
    switchable: switchable.has(s.id),
  }));
  const added = rows.map((r, i) => ({
    ...declarePromptSkill(prompt[i] as PromptSkill),
    switchable: true,
    createdBy: r.createdBy,
  }));
  return { skills: [...builtin, ...added], prompt };
}

/** Add a prompt skill (from the form or a JSON file); its id must be new. */
export async function addPromptSkill(db: Db, input: unknown, by: string): Promise<{ skill: PromptSkill }> {
  const parsed = PromptSkillInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const skill = parsed.data;
  if (BUILTIN_SKILL_IDS.includes(skill.id)) {
    throw new ServiceError("conflict", `id: "${skill.id}" is a builtin skill; pick another id.`);
  }
  const added = await insertPromptSkill(db, {
    id: skill.id,
    name: skill.name,
    description: skill.description,
    template: skill.template,
    trigger: skill.trigger,
    createdBy: by,
  });
  if (!added)
    throw new ServiceError("conflict", `id: a skill "${skill.id}" exists already; pick another id.`);
  return { skill };
}

const SkillIdParam = z.string().min(1).max(60);

/** Remove an added prompt skill (runs that carried it keep their copy in their config). */
export async function removePromptSkill(db: Db, id: unknown): Promise<{ removed: string }> {
  const parsed = SkillIdParam.safeParse(id);
  if (!parsed.success) throw invalidInput(parsed.error);
  if (BUILTIN_SKILL_IDS.includes(parsed.data)) {
    throw new ServiceError(
      "invalid_state",
      "Builtin skills cannot be removed; switch them off per run instead.",
    );
  }
  if (!(await deletePromptSkill(db, parsed.data))) {
    throw new ServiceError("invalid_input", `No added skill "${parsed.data}".`);
  }
  return { removed: parsed.data };
}
