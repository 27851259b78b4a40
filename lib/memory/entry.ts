import { z } from "zod";

export const EntryKind = z.enum([
  "goal",
  "subtask",
  "state",
  "constraint",
  "result",
  "reflection",
  "experience",
]);
export type EntryKind = z.infer<typeof EntryKind>;

export const EntryStatus = z.enum(["active", "done", "failed", "discarded"]);
export type EntryStatus = z.infer<typeof EntryStatus>;

export const EntrySource = z.enum(["planner", "executor", "monitor", "user"]);
export type EntrySource = z.infer<typeof EntrySource>;

/**
 * One item of working memory. Values are immutable: every change is a new version carried by a
 * memory event. Times are iteration numbers, not wall time, so replays are exact.
 */
export const MemoryEntry = z.object({
  id: z.string().min(1),
  kind: EntryKind,
  content: z.string(),
  status: EntryStatus,
  confidence: z.number().min(0).max(1),
  priority: z.number().int().min(1).max(5),
  source: EntrySource,
  createdAt: z.number().int().min(0),
  lastAccess: z.number().int().min(0),
  extra: z
    .object({
      taskId: z.string().optional(),
      artifactId: z.string().optional(),
      criteria: z.array(z.string()).optional(),
      evidence: z.array(z.object({ docId: z.string(), title: z.string(), quote: z.string() })).optional(),
      claims: z.array(z.object({ key: z.string(), value: z.string(), docId: z.string() })).optional(),
      contradictedBy: z.array(z.string()).optional(),
    })
    .default({}),
});
export type MemoryEntry = z.infer<typeof MemoryEntry>;

export const MemoryPatch = MemoryEntry.pick({
  content: true,
  status: true,
  confidence: true,
  priority: true,
  lastAccess: true,
  extra: true,
}).partial();
export type MemoryPatch = z.infer<typeof MemoryPatch>;

/** Working memory: entries by id plus insertion order (rendering and eviction ties need it). */
export interface MemoryState {
  entries: Record<string, MemoryEntry>;
  order: string[];
}

export const emptyMemory = (): MemoryState => ({ entries: {}, order: [] });
