"use client";

import { createContext, useContext, useSyncExternalStore } from "react";
import type { TaskState } from "@/lib/agent/state";

/** What a graph node needs to draw its task at the moment shown. */
export interface ShownTasks {
  tasks: Record<string, TaskState | undefined>;
  /** The first plan version each task id appeared in (for the repair/replan marker). */
  firstSeen: Map<string, number>;
  threshold: number;
  grayZone: number;
}

export interface TaskSource {
  get(): ShownTasks;
  set(next: ShownTasks): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The tasks of the moment shown, outside React Flow's node list. The graph's nodes read their own
 * task from here, so a step of the scrubber or a live event changes no node object: React Flow
 * (its node lookup, visible-element culling, minimap) does nothing, and only the nodes on screen
 * whose task changed render again. Feeding statuses through the node list cost React Flow a pass
 * over every node (and every minimap node's selector) per step: ~1,000 on a long run.
 */
export function createTaskSource(initial: ShownTasks): TaskSource {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const TaskSourceContext = createContext<TaskSource | null>(null);

function useSource(): TaskSource {
  const source = useContext(TaskSourceContext);
  if (!source) throw new Error("a graph node outside its TaskSourceContext");
  return source;
}

/** Re-renders only when `pick` returns something else (compared with Object.is). */
export function useShownTasks<T>(pick: (shown: ShownTasks) => T): T {
  const source = useSource();
  const read = () => pick(source.get());
  return useSyncExternalStore(source.subscribe, read, read);
}
