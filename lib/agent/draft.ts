import type { RunState, TaskState } from "./state";

/**
 * Copy-on-write access to a run state while one event is reduced: every object is copied at most
 * once, the first time it is written, so the previous state is never touched and unchanged parts
 * are shared. (A proxy-based library did the same at ~10× the cost per event.)
 */
export class StateDraft {
  private readonly fresh = new WeakSet<object>();
  readonly s: RunState;

  /** `owned`: `base`'s top-level arrays and objects are this draft's to write (see `reduceAll`). */
  constructor(base: RunState, owned = false) {
    this.s = { ...base };
    this.fresh.add(this.s);
    if (owned) {
      for (const value of Object.values(base)) {
        if (typeof value === "object" && value !== null && !Object.isFrozen(value)) this.fresh.add(value);
      }
    }
  }

  /** `obj` itself if it was created during this reduction, otherwise a shallow copy. */
  own<T extends object>(obj: T): T {
    if (this.fresh.has(obj)) return obj;
    const copy = (Array.isArray(obj) ? [...obj] : { ...obj }) as T;
    this.fresh.add(copy);
    return copy;
  }

  /** A top-level field, owned and writable. */
  field<K extends keyof RunState>(key: K): RunState[K] & object {
    const value = this.s[key] as RunState[K] & object;
    const owned = this.own(value);
    this.s[key] = owned;
    return owned;
  }

  /** A task, owned and writable (undefined when the id is unknown). */
  task(id: string | null | undefined): TaskState | undefined {
    if (!id || !this.s.tasks[id]) return undefined;
    const tasks = this.field("tasks");
    const t = this.own(tasks[id] as TaskState);
    tasks[id] = t;
    return t;
  }

  /** An element of a top-level array, owned and writable. */
  item<K extends "reflections" | "plans">(key: K, index: number): RunState[K][number] | undefined {
    if (index < 0 || index >= this.s[key].length) return undefined;
    const list = this.field(key) as RunState[K][number][];
    const owned = this.own(list[index] as RunState[K][number]);
    list[index] = owned;
    return owned;
  }
}
