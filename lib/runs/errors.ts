import type { z } from "zod";

export type ServiceErrorCode =
  | "invalid_input"
  | "run_not_found"
  | "question_not_found"
  | "lesson_not_found"
  | "conflict"
  | "invalid_state"
  | "seq_out_of_range"
  | "read_only"
  | "model_unavailable"
  | "unauthorized"
  | "forbidden"
  | "too_large"
  | "busy"
  | "unavailable"
  | "verdict_not_accepted"
  | "answer_required";

const httpStatus: Record<ServiceErrorCode, number> = {
  invalid_input: 400,
  run_not_found: 404,
  question_not_found: 404,
  lesson_not_found: 404,
  conflict: 409,
  invalid_state: 409,
  seq_out_of_range: 400,
  read_only: 409,
  model_unavailable: 400,
  unauthorized: 401,
  forbidden: 403,
  too_large: 413,
  busy: 429,
  // The database is unreachable or the disk is full: the request may succeed later.
  unavailable: 503,
  verdict_not_accepted: 400,
  // A fork at a point where the run waits for a person: the fork must carry its own answer.
  answer_required: 400,
};

/** An error a caller can act on: a code, a message for people, an HTTP status. Never a stack. */
export class ServiceError extends Error {
  override readonly name = "ServiceError";
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
  ) {
    super(message);
  }
  get status(): number {
    return httpStatus[this.code];
  }
}

export type Failure = { ok: false; code: ServiceErrorCode | "internal"; message: string };
export type Result<T> = ({ ok: true } & T) | Failure;

/** Turn a zod failure into an invalid_input error that names the field. */
export function invalidInput(error: z.ZodError): ServiceError {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return new ServiceError("invalid_input", `${where}${issue?.message ?? "invalid input"}`);
}

/**
 * Recognised by name and code, not `instanceof`: Next.js may load this module more than once
 * (instrumentation and each route bundle), and a class from one copy fails instanceof in another.
 */
export function isServiceError(e: unknown): e is ServiceError {
  return (
    e instanceof Error &&
    e.name === "ServiceError" &&
    typeof (e as unknown as { code?: unknown }).code === "string" &&
    (e as unknown as { code: string }).code in httpStatus
  );
}

export function httpStatusOf(e: unknown): number {
  return isServiceError(e) ? httpStatus[e.code] : 500;
}

/** Map any error to what may leave the server: typed errors as they are, anything else logged and hidden. */
export function toFailure(e: unknown, log: (...args: unknown[]) => void = console.error): Failure {
  if (isServiceError(e)) return { ok: false, code: e.code, message: e.message };
  log("internal error:", e);
  return { ok: false, code: "internal", message: "Something went wrong on the server; it has been logged." };
}
