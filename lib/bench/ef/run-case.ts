import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunEvent } from "../../agent/events";
import { answerQuestion, createRun, drive } from "../../agent/loop";
import { nextDeadline } from "../../agent/questions";
import {
  type AgentDeps,
  type Amendment,
  type ExperienceSource,
  type Mailbox,
  seededRandom,
} from "../../agent/runtime";
import type { RunState } from "../../agent/state";
import { BuiltinModel } from "../../llm/builtin/builtin-model";
import type { ChatModel, ObjectRequest, ToolCallRequest } from "../../llm/chat-model";
import { researchTools } from "../../tools";
import type { LibraryDocument } from "../../tools/library/document";
import { parseFigures } from "../../tools/library/document";
import { type DocumentLibrary, InMemoryLibrary } from "../../tools/library/document-library";
import { toolRegistry } from "../../tools/tool";
import { Workspace } from "../../tools/workspace";
import { armConfig } from "./arms";
import { benchTools } from "./bench-tools";
import { IncidentLog } from "./incidents";
import { PersonaModel } from "./persona-model";
import type { Arm } from "./results";
import { type BenchDocument, Persona, type Scenario } from "./scenario";
import { VirtualClock } from "./virtual-clock";

export const toLibraryDocument = (d: BenchDocument): LibraryDocument => ({
  ...d,
  figures: parseFigures(d.text),
});

/** The documents of the demo library, loaded once per process. */
export async function demoDocuments(library: DocumentLibrary): Promise<LibraryDocument[]> {
  const metas = await library.list();
  const docs = await Promise.all(metas.map((m) => library.get(m.id)));
  return docs.filter((d): d is LibraryDocument => !!d);
}

export interface CaseRun {
  runId: string;
  events: RunEvent[];
  state: RunState;
  incidents: IncidentLog;
  /** Questions the simulated reviewer left unanswered. */
  unanswered: string[];
}

/** The simulated reviewer: the first answer whose pattern matches the question, or silence. */
export function reviewerAnswer(scenario: Scenario, prompt: string): string | null {
  for (const a of scenario.reviewer.answers) if (new RegExp(a.match, "iu").test(prompt)) return a.answer;
  return null;
}

const MAX_ANSWERS = 10;

export interface RunCaseOptions {
  /** Sees every request the agent sends to the model, before the model does (tests; awaited). */
  onModelRequest?: (request: ObjectRequest<unknown> | ToolCallRequest) => unknown;
  /**
   * The model under test instead of the builtin one (e.g. an OpenAI-compatible endpoint). It gets
   * the same scenario, faults, reviewer, injections and simulated latency, but not the persona's
   * noise: that stands in for a real model's mistakes and applies only to the builtin model.
   */
  model?: ChatModel;
  /** Lessons from earlier runs (sequence mode); none by default, so each case stands alone. */
  experience?: ExperienceSource;
}

/** No noise: a real model under test makes its own mistakes. */
const NO_NOISE = Persona.parse({});

/** The model as the agent gets it, with every request shown to `observe` first. */
function observed(model: ChatModel, observe: RunCaseOptions["onModelRequest"]): ChatModel {
  if (!observe) return model;
  return {
    name: model.name,
    generateObject: async (request) => {
      await observe(request);
      return model.generateObject(request);
    },
    callTools: async (request) => {
      await observe(request);
      return model.callTools(request);
    },
  };
}

/** The run id of one case: stable across runs of the bench, telling the agent nothing. */
export const caseRunId = (scenarioId: string, arm: Arm, seed: number): string =>
  `efb_${createHash("sha256").update(`${scenarioId}\u0000${arm}\u0000${seed}`).digest("hex").slice(0, 20)}`;

/**
 * One scenario × arm × seed, in memory on a virtual clock. The agent gets what any run gets (a
 * goal, a config, a model, tools, a library); the scenario itself stays on this side.
 */
export async function runCase(
  scenario: Scenario,
  arm: Arm,
  seed: number,
  demo: readonly LibraryDocument[],
  options: RunCaseOptions = {},
): Promise<CaseRun> {
  const clock = new VirtualClock();
  const incidents = new IncidentLog();
  const removed = new Set(scenario.library.remove);
  const library = new InMemoryLibrary([
    ...(scenario.library.base === "demo" ? demo.filter((d) => !removed.has(d.id)) : []),
    ...scenario.library.add.map(toLibraryDocument),
  ]);
  let pull: string | null = null;
  const delivered = new Set<number>();
  const mailbox: Mailbox = {
    take(state) {
      const out: Amendment[] = [];
      scenario.injections.forEach((inj, i) => {
        if (delivered.has(i) || state.iteration < inj.afterIteration) return;
        delivered.add(i);
        incidents.add({ kind: "injection", injection: i, injectionKind: inj.kind, at: clock.now() });
        if (inj.kind === "constraint") out.push({ text: inj.text, by: inj.by });
        else if (inj.kind === "distractor") for (const d of inj.documents) library.add(toLibraryDocument(d));
        else pull = inj.text;
      });
      return out;
    },
    // The reviewer answers a question asked aside at the run's next step, if it has an answer.
    answers(state) {
      return Object.values(state.questions).flatMap((q) => {
        if (q.blocking !== false || q.status !== "pending") return [];
        const answer = reviewerAnswer(scenario, q.prompt);
        return answer === null ? [] : [{ questionId: q.id, answer, by: scenario.reviewer.name }];
      });
    },
  };
  const events: RunEvent[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), "efbench-"));
  try {
    const deps: AgentDeps = {
      model: observed(
        new PersonaModel(
          options.model ?? new BuiltinModel({ now: clock.now }),
          options.model ? NO_NOISE : scenario.persona,
          seed,
          clock,
          scenario.latency,
          incidents,
        ),
        options.onModelRequest,
      ),
      tools: toolRegistry(
        benchTools(researchTools(), {
          faults: scenario.faults,
          latency: scenario.latency,
          clock,
          log: incidents,
          pull: () => pull,
        }),
      ),
      library,
      workspace: new Workspace(dir),
      clock,
      random: seededRandom(seed),
      sink: { append: (e) => void events.push(e) },
      mailbox,
      experience: options.experience,
    };
    // Opaque: the agent must not be able to read the scenario's id, even from its own run id.
    const runId = caseRunId(scenario.id, arm, seed);
    const ctx = await createRun(deps, { runId, goal: scenario.goal, config: armConfig(arm) });
    let state = await drive(ctx);
    const unanswered: string[] = [];
    for (let n = 0; state.status === "waiting" && n < MAX_ANSWERS; n++) {
      const pending = Object.values(state.questions).filter(
        (q) => q.status === "pending" && q.blocking !== false,
      );
      let answered = false;
      for (const q of pending) {
        const answer = reviewerAnswer(scenario, q.prompt);
        if (answer === null) {
          unanswered.push(q.prompt);
          continue;
        }
        await answerQuestion(ctx, q.id, answer, scenario.reviewer.name);
        answered = true;
      }
      if (!answered) {
        // Silence: the reviewer lets the question's deadline pass on the virtual clock, and the
        // run takes the question's stated default (or ends as unanswered).
        const due = nextDeadline(state);
        if (due === null) break;
        await clock.sleep(Math.max(0, due - clock.now()));
      }
      state = await drive(ctx);
    }
    return { runId, events, state, incidents, unanswered };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
