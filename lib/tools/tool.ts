import type { z } from "zod";
import type { DocumentLibrary } from "./library/document-library";
import type { Workspace } from "./workspace";

/** A source a result rests on: which document, and the words in it. */
export interface Evidence {
  docId: string;
  title: string;
  quote: string;
}

/** A figure a result asserts (`key` normalised), so the monitor can spot contradictions by rule. */
export interface Claim {
  key: string;
  value: string;
  docId: string;
}

/** What a tool returns on success; the executor turns it into a recorded ToolResult. */
export interface ToolOutput {
  data: unknown;
  /** One or two sentences for working memory: never the raw output. */
  summary: string;
  /** The tool's own confidence 0..1 in its output; the monitor calibrates it against the criteria. */
  confidence?: number;
  evidence?: Evidence[];
  claims?: Claim[];
}

export type ToolErrorCode =
  | "invalid_input"
  | "not_found"
  | "not_read"
  | "forbidden"
  | "too_large"
  | "timeout"
  | "unavailable"
  | "malformed_output"
  | "failed"
  | "aborted";

/** A tool failure with a code; `transient` failures are retried with backoff by the executor. */
export class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

export interface ToolContext {
  runId: string;
  taskId: string;
  signal: AbortSignal;
  library: DocumentLibrary;
  workspace: Workspace;
  /** Documents this run has read so far: the only ones a report may cite. */
  readDocuments: ReadonlySet<string>;
  /** Steps of the plan the run went on without, and why: a deliverable states them as gaps. */
  leftOut?: readonly { title: string; why: string }[];
}

export interface Tool<I = unknown> {
  name: string;
  description: string;
  input: z.ZodType<I>;
  /** Per-call limit; the executor aborts the call past it. */
  timeoutMs: number;
  /** Its output is what a run delivers (the report): a plan's deliverable task must use such a tool. */
  deliverable?: boolean;
  run(input: I, ctx: ToolContext): Promise<ToolOutput>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds tools of every input type
export type AnyTool = Tool<any>;

export type ToolRegistry = ReadonlyMap<string, AnyTool>;

export function toolRegistry(tools: AnyTool[]): ToolRegistry {
  return new Map(tools.map((t) => [t.name, t]));
}
