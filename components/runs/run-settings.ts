import type { z } from "zod";
import { defaultRunConfig, ExecutiveConfig, RunConfig } from "@/lib/agent/config";

/** A number the "Advanced settings" of a new run expose, with its range read from RunConfig itself. */
export interface SettingField {
  /** Where the value goes in `config`, as the server names it in errors ("budgets.wallMs"). */
  path: string;
  label: string;
  hint: string;
  /** Shown value × scale = stored value (wall time is typed in minutes, stored in ms). */
  scale: number;
  min: number;
  max: number;
  step: number | "any";
  defaultValue: number;
}

type NumberWithDefault = z.ZodDefault<z.ZodNumber>;

const defaults = defaultRunConfig();
const budgets = RunConfig.shape.budgets.unwrap().shape;

function field(
  path: string,
  schema: NumberWithDefault,
  defaultValue: number,
  text: { label: string; hint: string; step?: number | "any"; scale?: number },
): SettingField {
  const scale = text.scale ?? 1;
  const inner = schema.unwrap();
  return {
    path,
    label: text.label,
    hint: text.hint,
    scale,
    // Ranges in shown units, so the browser's own min/max checks speak the user's unit.
    min: (inner.minValue ?? 0) / scale,
    max: (inner.maxValue ?? Number.MAX_SAFE_INTEGER) / scale,
    step: text.step ?? 1,
    defaultValue: defaultValue / scale,
  };
}

const c = RunConfig.shape;

export const monitorFields: SettingField[] = [
  field("confidenceThreshold", c.confidenceThreshold, defaults.confidenceThreshold, {
    label: "Confidence threshold",
    hint: "A step scoring below it is retried, reflected on or repaired.",
    step: 0.05,
  }),
  field("memoryCapacity", c.memoryCapacity, defaults.memoryCapacity, {
    label: "Memory capacity",
    hint: "Working-memory entries kept; the least useful are evicted.",
  }),
  field("decay", c.decay, defaults.decay, {
    label: "Confidence decay",
    hint: "Per iteration; 1 means facts never fade.",
    step: 0.01,
  }),
  field("concurrency", c.concurrency, defaults.concurrency, {
    label: "Concurrency",
    hint: "Tasks run at the same time.",
  }),
];

export const budgetFields: SettingField[] = [
  field("budgets.iterations", budgets.iterations, defaults.budgets.iterations, {
    label: "Iterations",
    hint: "Loop turns before the run stops.",
  }),
  field("budgets.toolCalls", budgets.toolCalls, defaults.budgets.toolCalls, {
    label: "Tool calls",
    hint: "Searches, reads and writes in all.",
  }),
  field("budgets.tokens", budgets.tokens, defaults.budgets.tokens, {
    label: "Tokens",
    hint: "Model input + output.",
  }),
  field("budgets.wallMs", budgets.wallMs, defaults.budgets.wallMs, {
    label: "Wall time (minutes)",
    hint: "From start to forced stop.",
    scale: 60_000,
    step: "any",
  }),
];

export const settingFields = [...monitorFields, ...budgetFields];

type SwitchKey = {
  [K in keyof ExecutiveConfig]: ExecutiveConfig[K] extends boolean ? K : never;
}[keyof ExecutiveConfig];
export type MonitorMode = ExecutiveConfig["monitor"];

/** An executive function that can be switched off, for ablations; values are "true" / "false". */
export interface ExecutiveSwitch {
  path: `executive.${SwitchKey}`;
  key: SwitchKey;
  label: string;
  /** What the run does without it. */
  hint: string;
  defaultValue: boolean;
}

// A Record, so a switch added to ExecutiveConfig does not compile until it has a label here.
const switchText: Record<SwitchKey, { label: string; hint: string }> = {
  workingMemory: { label: "Working memory", hint: "Off: every prompt carries the whole history instead." },
  planValidation: { label: "Plan validation", hint: "Off: the first plan runs as proposed, cycles and all." },
  askUser: { label: "Ask the user", hint: "Off: never asks; a goal too vague to plan fails." },
  replan: { label: "Re-planning", hint: "Off: blocked runs fail; a changed goal leaves the plan as it is." },
  experience: { label: "Experience", hint: "Off: lessons from earlier runs are not recalled." },
};

export const executiveSwitches: ExecutiveSwitch[] = (Object.keys(switchText) as SwitchKey[]).map((key) => ({
  path: `executive.${key}`,
  key,
  ...switchText[key],
  defaultValue: defaults.executive[key],
}));

export const monitorModePath = "executive.monitor";
export const defaultMonitorMode: MonitorMode = defaults.executive.monitor;

const modeText: Record<MonitorMode, { label: string; hint: string }> = {
  rules: { label: "Rules, then model", hint: "Rules check each result; the model decides when they cannot." },
  model: { label: "Model only", hint: "No rules: the model judges every result itself." },
  off: { label: "Off", hint: "Results are accepted as they come; failures are retried unchanged." },
};

/** The monitor's modes in the schema's order, each with what it does. */
export const monitorModes = ExecutiveConfig.shape.monitor
  .unwrap()
  .options.map((value) => ({ value, ...modeText[value] }));

export type SettingValues = Record<string, string>;

export const defaultSettingValues = (): SettingValues => ({
  ...Object.fromEntries(settingFields.map((f) => [f.path, String(f.defaultValue)])),
  ...Object.fromEntries(executiveSwitches.map((s) => [s.path, String(s.defaultValue)])),
  [monitorModePath]: defaultMonitorMode,
});

/** The executive switches that differ from the defaults, as `config.executive` takes them. */
function executiveFrom(values: SettingValues): Partial<ExecutiveConfig> {
  const executive: Partial<ExecutiveConfig> = {};
  for (const s of executiveSwitches) {
    const on = (values[s.path] ?? String(s.defaultValue)) === "true";
    if (on !== s.defaultValue) executive[s.key] = on;
  }
  const mode = monitorModes.find((m) => m.value === values[monitorModePath])?.value ?? defaultMonitorMode;
  if (mode !== defaultMonitorMode) executive.monitor = mode;
  return executive;
}

/** How many settings differ from the defaults, for the "n changed" badge. */
export const changedSettings = (values: SettingValues): number =>
  settingFields.filter((f) => Number(values[f.path]) !== f.defaultValue).length +
  Object.keys(executiveFrom(values)).length;

/** The `config` a new run is started with: only the values that differ from the defaults. */
export function configFrom(values: SettingValues): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const f of settingFields) {
    const raw = values[f.path]?.trim() ?? "";
    if (raw === "" || Number(raw) === f.defaultValue) continue;
    const value = f.scale === 1 ? Number(raw) : Math.round(Number(raw) * f.scale);
    const [head, tail] = f.path.split(".") as [string, string | undefined];
    if (tail === undefined) config[head] = value;
    else config[head] = { ...(config[head] as object | undefined), [tail]: value };
  }
  const executive = executiveFrom(values);
  if (Object.keys(executive).length > 0) config.executive = executive;
  return config;
}
