import type { RunConfig } from "../agent/config";
import { BUILTIN_SKILL_IDS, builtinSkills, FIXED_SKILLS } from "./builtin";
import type { PromptSkill, SkillDeclaration, SkillsConfig } from "./skill";

const defaults: SkillsConfig = { disabled: [], prompt: [] };
/** The run's skills config; runs recorded before skills existed had every builtin on and no prompt skills. */
export const skillsOf = (config: RunConfig): SkillsConfig => config.skills ?? defaults;

/** Is this skill on in this run? */
export const skillEnabled = (config: RunConfig, id: string): boolean =>
  !skillsOf(config).disabled.includes(id);

/** A prompt skill as the registry lists it. */
export function declarePromptSkill(p: PromptSkill): SkillDeclaration {
  return {
    id: p.id,
    name: p.name,
    kind: "prompt",
    description: p.description,
    trigger: p.trigger,
    modelRole: null,
    codeRole: null,
    parameters: { template_chars: p.template.length },
    decides: "model",
    builtin: false,
  };
}

/** Every skill a run has: the builtins (with its parameters), then its prompt skills. */
export function runSkills(config: RunConfig): (SkillDeclaration & { enabled: boolean })[] {
  const prompt = skillsOf(config).prompt.map(declarePromptSkill);
  return [...builtinSkills(config), ...prompt].map((s) => ({ ...s, enabled: skillEnabled(config, s.id) }));
}

/** Ids that can be switched off in a run: the builtins (but the fixed ones) and the run's prompt skills. */
export function switchableSkills(prompt: readonly PromptSkill[] = []): string[] {
  return [...BUILTIN_SKILL_IDS.filter((id) => !FIXED_SKILLS.includes(id)), ...prompt.map((p) => p.id)];
}

/** Why a skills config is unusable (unknown id to switch off, duplicate or builtin-clashing ids), or null. */
export function skillsConfigProblem(c: SkillsConfig): string | null {
  const ids = c.prompt.map((p) => p.id);
  const clash = ids.find((id, i) => BUILTIN_SKILL_IDS.includes(id) || ids.indexOf(id) !== i);
  if (clash) return `Skill id "${clash}" is taken: pick another.`;
  const known = switchableSkills(c.prompt);
  const unknown = c.disabled.find((id) => !known.includes(id));
  return unknown ? `No skill "${unknown}" can be switched off (known: ${known.join(", ")}).` : null;
}
