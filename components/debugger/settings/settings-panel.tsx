"use client";

import { memo } from "react";
import { defaultRunConfig, executiveOf, type RunConfig } from "@/lib/agent/config";
import { executiveSwitches, monitorModes, type SettingField, settingFields } from "../../runs/run-settings";

const defaults = defaultRunConfig();

/** A field's value in the run's config, in the unit the new-run form shows (minutes for wall time). */
function configValue(config: RunConfig, f: SettingField): number | undefined {
  const [head, tail] = f.path.split(".") as [string, string | undefined];
  const raw = tail
    ? (config as unknown as Record<string, Record<string, number> | undefined>)[head]?.[tail]
    : (config as unknown as Record<string, number | undefined>)[head];
  return raw === undefined ? undefined : raw / f.scale;
}

const fmt = (n: number | undefined) =>
  n === undefined ? "—" : Number.isInteger(n) ? n.toLocaleString("en") : String(Number(n.toFixed(3)));

/**
 * What the run was started with: model, executive switches, monitor and memory numbers, budgets
 * and injected faults. Values that differ from the defaults are marked, since those explain most
 * surprises ("why did nothing check this result?" — the monitor was off).
 */
export const SettingsPanel = memo(function SettingsPanel({
  config,
  model,
}: {
  config: RunConfig;
  model: string;
}) {
  const executive = executiveOf(config);
  const mode = monitorModes.find((m) => m.value === executive.monitor);
  const changed = (a: unknown, b: unknown) =>
    a !== b ? (
      <span className="badge badge-waiting" title="Differs from the default">
        changed
      </span>
    ) : null;
  return (
    <div className="settings-panel" data-testid="settings-panel">
      <dl className="settings-list">
        <div>
          <dt>Model</dt>
          <dd>
            <code>{model || "—"}</code>
          </dd>
        </div>
        <div data-testid="setting-monitor">
          <dt>Monitor</dt>
          <dd>
            {mode?.label ?? executive.monitor} {changed(executive.monitor, defaults.executive.monitor)}
            <div className="muted">{mode?.hint}</div>
          </dd>
        </div>
        {executiveSwitches.map((s) => (
          <div key={s.path}>
            <dt>{s.label}</dt>
            <dd>
              {executive[s.key] ? "on" : "off"} {changed(executive[s.key], s.defaultValue)}
              {!executive[s.key] && <div className="muted">{s.hint}</div>}
            </dd>
          </div>
        ))}
        {settingFields.map((f) => {
          const v = configValue(config, f);
          return (
            <div key={f.path}>
              <dt>{f.label}</dt>
              <dd>
                {fmt(v)} {changed(v ?? f.defaultValue, f.defaultValue)}
              </dd>
            </div>
          );
        })}
        <div>
          <dt>Tool retries</dt>
          <dd>
            {config.toolRetries} {changed(config.toolRetries, defaults.toolRetries)}
          </dd>
        </div>
        <div>
          <dt>Max tasks</dt>
          <dd>
            {config.maxTasks} {changed(config.maxTasks, defaults.maxTasks)}
          </dd>
        </div>
        <div data-testid="setting-prompts">
          <dt>Record prompts</dt>
          <dd>
            {config.prompts?.record === false
              ? "off: model calls keep their reply, not the prompt"
              : `on, up to ${(config.prompts?.maxChars ?? defaults.prompts.maxChars).toLocaleString("en")} characters a call`}
          </dd>
        </div>
      </dl>
      <h3>Injected faults</h3>
      {config.faults.length === 0 ? (
        <p className="muted">None: every tool ran as it is.</p>
      ) : (
        <table className="settings-faults" data-testid="settings-faults">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Task</th>
              <th scope="col">Kind</th>
              <th scope="col">Times</th>
            </tr>
          </thead>
          <tbody>
            {config.faults.map((f, i) => (
              // Faults have no id and never change within a run: the index is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i} data-testid="settings-fault">
                <td>
                  <code>{f.tool}</code>
                </td>
                <td>{f.taskId ?? "any"}</td>
                <td>{f.kind}</td>
                <td>{f.times}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
});
