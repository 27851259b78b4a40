import { researchTools } from "../../tools";
import { defaultLibraryDir, loadLibraryFromDir } from "../../tools/library/document-library";
import { type Scenario, ScenarioError } from "./scenario";

/**
 * What a scenario may name: the tools the agent has and the documents of the demo library. A fault
 * on a tool or a document that does not exist never fires, and the scenario then silently tests
 * nothing (a blind author's typo looked like a pass), so it is a validation error instead.
 */
export interface ScenarioReferences {
  tools: ReadonlySet<string>;
  demoDocIds: ReadonlySet<string>;
}

/** The real references: the research tools and the bundled demo library. */
export async function defaultReferences(): Promise<ScenarioReferences> {
  const { library } = await loadLibraryFromDir(defaultLibraryDir);
  const docs = await library.list();
  return {
    tools: new Set(researchTools().map((t) => t.name)),
    demoDocIds: new Set(docs.map((d) => d.id)),
  };
}

/** Every document the scenario's run can ever see: the base library after add and remove, and every distractor. */
export function scenarioDocIds(s: Scenario, refs: ScenarioReferences): Set<string> {
  const removed = new Set(s.library.remove);
  const ids = new Set(s.library.base === "demo" ? [...refs.demoDocIds].filter((id) => !removed.has(id)) : []);
  for (const d of s.library.add) ids.add(d.id);
  for (const inj of s.injections) if (inj.kind === "distractor") for (const d of inj.documents) ids.add(d.id);
  return ids;
}

const nearest = (names: Iterable<string>) => [...names].sort().join(", ");

/**
 * Throws a ScenarioError (`file: field: reason`) for the first fault, `cites_document` minefield
 * or removal naming something unknown.
 */
export function checkReferences(s: Scenario, file: string, refs: ScenarioReferences): void {
  const docs = scenarioDocIds(s, refs);
  s.faults.forEach((f, i) => {
    if (!refs.tools.has(f.tool))
      throw new ScenarioError(
        file,
        `faults.${i}.tool`,
        `unknown tool "${f.tool}" (the agent's tools: ${nearest(refs.tools)})`,
      );
    const docId = f.match.docId;
    if (docId && !docs.has(docId))
      throw new ScenarioError(
        file,
        `faults.${i}.match.docId`,
        `unknown document "${docId}": not in this scenario's library (demo${s.library.base === "empty" ? " not used" : ""} after add and remove, plus distractors)`,
      );
  });
  s.success.minefields.forEach((m, i) => {
    // Citing a document the run cannot see never happens: such a minefield would never be hit.
    if (m.kind === "cites_document" && !docs.has(m.docId))
      throw new ScenarioError(
        file,
        `success.minefields.${i}.docId`,
        `unknown document "${m.docId}": not in this scenario's library`,
      );
  });
  if (s.library.base === "demo")
    s.library.remove.forEach((id, i) => {
      if (!refs.demoDocIds.has(id))
        throw new ScenarioError(
          file,
          `library.remove.${i}`,
          `unknown document "${id}": not in the demo library`,
        );
    });
}
