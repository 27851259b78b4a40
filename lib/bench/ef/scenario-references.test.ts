import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadScenarios, ScenarioError } from "./scenario";

/** A fault on a tool or document that does not exist would never fire: a validation error, `file: field: reason`. */

const here = path.dirname(fileURLToPath(import.meta.url));
const doc = (id: string) => ({ id, title: `Doc ${id}`, text: `About ${id}.` });
const minimal = (over: Record<string, unknown> = {}) => ({
  id: "ref-check",
  category: "tool_failure",
  title: "References",
  goal: "Project X market size 2025",
  ...over,
});

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "efbench-refs-test-"));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function loadError(value: unknown): Promise<{ error: ScenarioError; file: string }> {
  const file = path.join(tmp, `s-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(value));
  try {
    await loadScenarios([file]);
  } catch (e) {
    if (e instanceof ScenarioError) return { error: e, file };
    throw e;
  }
  throw new Error("expected a ScenarioError");
}

const loads = async (value: unknown) => {
  const file = path.join(tmp, `ok-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(value));
  return loadScenarios([file]);
};

describe("faults must name a real tool and a document of the scenario's library", () => {
  it("an unknown tool: file, faults.N.tool, and the tools that exist", async () => {
    const { error, file } = await loadError(
      minimal({
        faults: [
          { tool: "search", kind: "empty" },
          { tool: "web_search", kind: "transient" },
        ],
      }),
    );
    expect(error.message.startsWith(`${file}: faults.1.tool: unknown tool "web_search"`)).toBe(true);
    expect(error.field).toBe("faults.1.tool");
    expect(error.reason).toMatch(/the agent's tools: .*\bread\b.*\bsearch\b/);
  });

  it("an unknown document: file, faults.N.match.docId, reason", async () => {
    const { error, file } = await loadError(
      minimal({ faults: [{ tool: "read", match: { docId: "px-no-such-doc" }, kind: "permanent" }] }),
    );
    expect(error.file).toBe(file);
    expect(error.field).toBe("faults.0.match.docId");
    expect(error.reason).toMatch(/unknown document "px-no-such-doc"/);
    expect(error.message.startsWith(`${file}: faults.0.match.docId: unknown document`)).toBe(true);
  });

  it("a document the scenario removed is unknown; one it adds or a distractor brings is known", async () => {
    const [demoDoc] = (await loadScenarios([path.join(here, "scenarios", "tf-permanent-read.json")])).flatMap(
      (s) => s.faults.map((f) => f.match.docId),
    );
    if (!demoDoc) throw new Error("tf-permanent-read names no document");
    const removed = await loadError(
      minimal({
        library: { remove: [demoDoc] },
        faults: [{ tool: "read", match: { docId: demoDoc }, kind: "permanent" }],
      }),
    );
    expect(removed.error.field).toBe("faults.0.match.docId");
    const emptyBase = await loadError(
      minimal({
        library: { base: "empty" },
        faults: [{ tool: "read", match: { docId: demoDoc }, kind: "permanent" }],
      }),
    );
    expect(emptyBase.error.field).toBe("faults.0.match.docId");
    const ok = await loads(
      minimal({
        library: { base: "empty", add: [doc("added-doc")] },
        injections: [{ kind: "distractor", afterIteration: 1, documents: [doc("late-doc")] }],
        faults: [
          { tool: "read", match: { docId: "added-doc" }, kind: "permanent" },
          { tool: "read", match: { docId: "late-doc" }, kind: "transient" },
        ],
      }),
    );
    expect(ok[0]?.faults).toHaveLength(2);
    expect(
      (await loads(minimal({ faults: [{ tool: "read", match: { docId: demoDoc }, kind: "permanent" }] })))[0]
        ?.id,
    ).toBe("ref-check");
  });

  it("removing a document the demo library does not have is an error too", async () => {
    const { error } = await loadError(minimal({ library: { remove: ["px-typo"] } }));
    expect(error.field).toBe("library.remove.0");
    expect(error.reason).toMatch(/unknown document "px-typo"/);
  });

  it("a cites_document minefield on a document the run cannot see is an error (it could never be hit)", async () => {
    const { error } = await loadError(
      minimal({ success: { minefields: [{ kind: "cites_document", docId: "px-nowhere" }] } }),
    );
    expect(error.field).toBe("success.minefields.0.docId");
    expect(error.reason).toMatch(/unknown document "px-nowhere"/);
    const late = minimal({
      injections: [{ kind: "distractor", afterIteration: 1, documents: [doc("px-lookalike")] }],
      success: { minefields: [{ kind: "cites_document", docId: "px-lookalike" }] },
    });
    expect(await loads(late)).toHaveLength(1);
  });

  it("every bundled and held-out scenario passes the check", async () => {
    const sets = ["scenarios", "heldout", "heldout-v2", "heldout-v3", "heldout-v4"];
    for (const set of sets) expect((await loadScenarios([path.join(here, set)])).length).toBeGreaterThan(0);
  });
});
