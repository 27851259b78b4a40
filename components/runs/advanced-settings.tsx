"use client";

import { FaultEditor, type FaultRow } from "./fault-editor";
import {
  budgetFields,
  defaultMonitorMode,
  executiveSwitches,
  monitorFields,
  monitorModePath,
  monitorModes,
  type SettingField,
  type SettingValues,
} from "./run-settings";
import styles from "./runs.module.css";

export const settingInputId = (path: string) => `setting-${path.replace(/\./g, "-")}`;

const number = (n: number) => (Number.isInteger(n) ? n.toLocaleString("en") : String(Number(n.toFixed(3))));

interface Props {
  values: SettingValues;
  onChange: (path: string, value: string) => void;
  onReset: () => void;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The setting the last submit was refused for, with why. */
  error: { path: string; message: string } | null;
  changed: number;
  faults: FaultRow[];
  onFaults: (rows: FaultRow[]) => void;
}

const defaultMode = monitorModes.find((m) => m.value === defaultMonitorMode);

/**
 * The executive functions, each of which can be switched off to see what it buys (the bench's arms
 * do the same). The hints say what the run does without it, or in the chosen monitor mode.
 */
function ExecutiveGroup({ values, onChange }: Pick<Props, "values" | "onChange">) {
  const monitorId = settingInputId(monitorModePath);
  const mode = monitorModes.find((m) => m.value === values[monitorModePath]) ?? defaultMode;
  return (
    <fieldset className={styles.settingsGroup} data-testid="settings-executive">
      <legend>Executive functions (for ablations)</legend>
      <div className={styles.settingsGrid}>
        <div className={styles.setting}>
          <label htmlFor={monitorId}>Monitor</label>
          <select
            id={monitorId}
            data-testid={monitorId}
            value={mode?.value}
            onChange={(e) => onChange(monitorModePath, e.target.value)}
            aria-describedby={`${monitorId}-hint`}
          >
            {monitorModes.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
          <span id={`${monitorId}-hint`} className={styles.hint}>
            {mode?.hint} Default “{defaultMode?.label}”
          </span>
        </div>
        {executiveSwitches.map((s) => {
          const id = settingInputId(s.path);
          return (
            <div key={s.path} className={styles.setting}>
              <label htmlFor={id} className={styles.switch}>
                <input
                  id={id}
                  type="checkbox"
                  data-testid={id}
                  checked={values[s.path] === "true"}
                  onChange={(e) => onChange(s.path, String(e.target.checked))}
                  aria-describedby={`${id}-hint`}
                />
                {s.label}
              </label>
              <span id={`${id}-hint`} className={styles.hint}>
                {s.hint} Default {s.defaultValue ? "on" : "off"}
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The run's knobs, collapsed by default: most runs should start on the defaults. */
export function AdvancedSettings({
  values,
  onChange,
  onReset,
  open,
  onToggle,
  error,
  changed,
  faults,
  onFaults,
}: Props) {
  const group = (legend: string, fields: SettingField[]) => (
    <fieldset className={styles.settingsGroup}>
      <legend>{legend}</legend>
      <div className={styles.settingsGrid}>
        {fields.map((f) => {
          const id = settingInputId(f.path);
          const invalid = error?.path === f.path;
          return (
            <div key={f.path} className={styles.setting}>
              <label htmlFor={id}>{f.label}</label>
              <input
                id={id}
                type="number"
                inputMode="decimal"
                min={f.min}
                max={f.max}
                step={f.step}
                value={values[f.path] ?? ""}
                onChange={(e) => onChange(f.path, e.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
              />
              <span id={`${id}-hint`} className={styles.hint}>
                {f.hint} Default {number(f.defaultValue)} · {number(f.min)}–{number(f.max)}
              </span>
              {invalid && (
                <span id={`${id}-error`} className={styles.fieldError} role="alert">
                  {error.message}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );

  return (
    <details
      className={styles.advanced}
      open={open}
      onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary data-testid="advanced-summary" data-open={open}>
        <span aria-hidden="true" className={styles.disclosure}>
          ▸
        </span>{" "}
        Advanced settings <span className={styles.hint}>(monitor, memory, budgets, executive switches)</span>
        {changed > 0 && <span className="badge">{changed} changed</span>}
        {faults.length > 0 && (
          <span className="badge badge-waiting">
            {faults.length} fault{faults.length === 1 ? "" : "s"}
          </span>
        )}
      </summary>
      <div className={styles.advancedBody}>
        {group("Monitor and memory", monitorFields)}
        {group("Budgets", budgetFields)}
        <ExecutiveGroup values={values} onChange={onChange} />
        <FaultEditor rows={faults} onChange={onFaults} />
        <div>
          <button type="button" className="btn btn-ghost" onClick={onReset} disabled={changed === 0}>
            Reset to defaults
          </button>
        </div>
      </div>
    </details>
  );
}
