import { describe, expect, it } from "vitest";
import { RunConfig } from "@/lib/agent/config";
import {
  changedSettings,
  configFrom,
  defaultSettingValues,
  monitorModePath,
  monitorModes,
} from "./run-settings";

describe("configFrom", () => {
  it("sends no config at all on the defaults", () => {
    expect(configFrom(defaultSettingValues())).toEqual({});
    expect(changedSettings(defaultSettingValues())).toBe(0);
  });

  it("sends only the executive switches that differ from the defaults", () => {
    const values = {
      ...defaultSettingValues(),
      [monitorModePath]: "off",
      "executive.askUser": "false",
    };
    const config = configFrom(values);
    expect(config).toEqual({ executive: { monitor: "off", askUser: false } });
    expect(changedSettings(values)).toBe(2);
    // What the server makes of it: the rest stay on.
    expect(RunConfig.parse(config).executive).toEqual({
      workingMemory: true,
      planValidation: true,
      monitor: "off",
      askUser: false,
      replan: true,
      experience: true,
    });
  });

  it("sends executive beside the numbers, and nothing for a switch turned off and on again", () => {
    const values = {
      ...defaultSettingValues(),
      concurrency: "1",
      "budgets.wallMs": "2",
      "executive.replan": "true",
      "executive.workingMemory": "false",
    };
    expect(configFrom(values)).toEqual({
      concurrency: 1,
      budgets: { wallMs: 120_000 },
      executive: { workingMemory: false },
    });
    expect(changedSettings(values)).toBe(3);
  });

  it("ignores a monitor mode the schema does not know", () => {
    expect(configFrom({ ...defaultSettingValues(), [monitorModePath]: "sometimes" })).toEqual({});
  });

  it("offers every monitor mode of the schema, in its order", () => {
    expect(monitorModes.map((m) => m.value)).toEqual(["rules", "model", "off"]);
  });
});
