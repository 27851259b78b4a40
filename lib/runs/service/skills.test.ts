import { expect, it } from "vitest";
import { describeOnEachDatabase } from "@/db/test-databases";
import { RunConfig } from "../../agent/config";
import { addPromptSkill, listSkills, removePromptSkill } from "./skills";

const skill = {
  id: "doubt-figures",
  name: "Doubt the figures",
  template: "Before each extraction, list what would make this figure wrong.",
  trigger: { purposes: ["execute"], tools: ["extract"] },
};

describeOnEachDatabase("the skills registry", (handle) => {
  it("lists the builtin skills, adds a validated prompt skill, refuses a taken id, removes it", async () => {
    const db = handle().db;
    const before = await listSkills(db);
    expect(before.prompt).toEqual([]);
    expect(before.skills.find((s) => s.id === "reflect")).toMatchObject({ kind: "hybrid", switchable: true });
    expect(before.skills.find((s) => s.id === "plain-loop")?.switchable).toBe(false);

    await expect(
      addPromptSkill(db, { ...skill, trigger: { purposes: ["nope"] } }, "ana"),
    ).rejects.toMatchObject({
      code: "invalid_input",
      message: expect.stringMatching(/^trigger\.purposes\.0: /),
    });
    await expect(addPromptSkill(db, { ...skill, id: "reflect" }, "ana")).rejects.toMatchObject({
      code: "conflict",
    });
    await addPromptSkill(db, skill, "ana");
    await expect(addPromptSkill(db, { ...skill, name: "Other" }, "bob")).rejects.toMatchObject({
      code: "conflict",
    });
    const after = await listSkills(db);
    expect(after.skills.at(-1)).toMatchObject({ id: "doubt-figures", kind: "prompt", createdBy: "ana" });
    // What the listing offers is what a run config accepts.
    expect(
      RunConfig.safeParse({ skills: { prompt: after.prompt, disabled: ["doubt-figures"] } }).success,
    ).toBe(true);
    expect((await listSkills(db)).prompt[0]?.name).toBe("Doubt the figures");

    await expect(removePromptSkill(db, "reflect")).rejects.toMatchObject({ code: "invalid_state" });
    await expect(removePromptSkill(db, null)).rejects.toMatchObject({ code: "invalid_input" });
    expect(await removePromptSkill(db, "doubt-figures")).toEqual({ removed: "doubt-figures" });
    await expect(removePromptSkill(db, "doubt-figures")).rejects.toMatchObject({ code: "invalid_input" });
    expect((await listSkills(db)).prompt).toEqual([]);
  });
});
