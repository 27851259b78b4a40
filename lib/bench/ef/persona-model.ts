import {
  type ChatModel,
  ModelError,
  type ObjectRequest,
  type ObjectResponse,
  type ToolCall,
  type ToolCallRequest,
  type ToolCallResponse,
} from "../../llm/chat-model";
import type { TaskGraph, TaskSpec } from "../../planner/plan-schema";
import type { IncidentLog } from "./incidents";
import type { Latency, Persona } from "./scenario";
import type { VirtualClock } from "./virtual-clock";

/** A uniform number in [0, 1) from a string: the same key and seed always give the same roll. */
export function roll(seed: number, key: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  // One round of avalanche so nearby keys do not give nearby rolls.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 4_294_967_296;
}

/**
 * The builtin model with the failure modes real models show, switched on by the scenario's
 * persona with seeded probabilities: malformed JSON, cyclic plans, a dropped deliverable, off-goal
 * tasks, a retry that repeats the last call word for word, an assessor that accepts anything.
 * Each reply also takes simulated time on the run's virtual clock.
 */
export class PersonaModel implements ChatModel {
  readonly name: string;
  private readonly counts = new Map<string, number>();
  private readonly lastCall = new Map<string, ToolCall[]>();

  constructor(
    private readonly inner: ChatModel,
    private readonly persona: Persona,
    private readonly seed: number,
    private readonly clock: VirtualClock,
    private readonly latency: Latency,
    private readonly log: IncidentLog,
  ) {
    this.name = inner.name;
  }

  /** Does noise `kind` strike this call? Keyed by the call's place, not by how many calls came before. */
  private strikes(kind: keyof Persona, key: string, purpose: string, taskId: string | null): boolean {
    const p = this.persona[kind];
    if (typeof p !== "number" || p <= 0) return false;
    const n = (this.counts.get(`${kind}:${key}`) ?? 0) + 1;
    this.counts.set(`${kind}:${key}`, n);
    const hit = roll(this.seed, `${kind}:${key}:${n}`) < p;
    if (hit) this.log.add({ kind: "noise", noise: kind, purpose, taskId, at: this.clock.now() });
    return hit;
  }

  private malformed(key: string, purpose: string, taskId: string | null): void {
    if (this.strikes("malformedJson", key, purpose, taskId)) {
      throw new ModelError("invalid_json", "The reply is not valid JSON: Unexpected end of JSON input.", {
        raw: '{"tasks": [{"id": "s1", "title": "Search the libr',
      });
    }
  }

  async generateObject<T>(request: ObjectRequest<T>): Promise<ObjectResponse<T>> {
    await this.clock.sleep(this.latency.model[request.tier], request.signal);
    const c = request.context;
    const taskId = "task" in c ? c.task.id : null;
    const key = `${c.purpose}:${taskId ?? ("mode" in c ? c.mode : "-")}`;
    this.malformed(key, c.purpose, taskId);
    const r = await this.inner.generateObject(request);
    if (c.purpose === "plan") {
      const graph = r.output as unknown as TaskGraph;
      return { ...r, output: this.noisyPlan(graph, key) as unknown as T };
    }
    if (c.purpose === "assess" && this.strikes("overconfident", key, c.purpose, taskId)) {
      return {
        ...r,
        output: {
          accept: true,
          confidence: 0.95,
          reason: "The result looks complete and correct.",
        } as unknown as T,
      };
    }
    return r;
  }

  private noisyPlan(graph: TaskGraph, key: string): TaskGraph {
    let tasks: TaskSpec[] = graph.tasks.map((t) => ({ ...t, dependencies: [...t.dependencies] }));
    const deliverable = tasks.find((t) => t.deliverable);
    if (deliverable && this.strikes("cyclicPlan", key, "plan", null)) {
      const first = tasks.find((t) => !t.deliverable);
      if (first) first.dependencies.push(deliverable.id);
    }
    if (deliverable && this.strikes("dropDeliverable", key, "plan", null)) {
      tasks = tasks.filter((t) => t !== deliverable);
    }
    if (this.strikes("offGoalTasks", key, "plan", null)) {
      this.persona.offGoalTopics.forEach((topic, i) => {
        tasks.push({
          id: `also-${i + 1}`,
          title: `Also look into ${topic}`,
          tool: "search",
          input: { query: topic },
          dependencies: [],
          successCriteria: [
            { kind: "min_count", field: "results", min: 1, description: "at least 1 result" },
          ],
          expectedOutput: `Documents about ${topic}.`,
          deliverable: false,
        });
      });
    }
    return { ...graph, tasks };
  }

  async callTools(request: ToolCallRequest): Promise<ToolCallResponse> {
    await this.clock.sleep(this.latency.model[request.tier], request.signal);
    const c = request.context;
    const taskId = c.purpose === "execute" ? c.task.id : null;
    const key = `${c.purpose}:${taskId ?? "-"}`;
    this.malformed(key, c.purpose, taskId);
    const r = await this.inner.callTools(request);
    if (c.purpose !== "execute" || !taskId) return r;
    const previous = this.lastCall.get(taskId);
    if (previous && c.attempt > 1 && this.strikes("repeatLastCall", key, c.purpose, taskId)) {
      return { ...r, calls: previous };
    }
    this.lastCall.set(taskId, r.calls);
    return r;
  }
}
