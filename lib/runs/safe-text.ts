import { z } from "zod";

/**
 * Text the databases can store, checked at the boundary before anything acts. PostgreSQL refuses
 * a NUL in text and jsonb, and jsonb refuses an unpaired surrogate escape (`"\ud800"`): such a
 * value used to be accepted by the app and refused by the database halfway through a change,
 * which wedged runs. Every route, server action, import and the CLI checks text with this module.
 */

// Without the u flag the regex sees UTF-16 code units: a high half not followed by a low half, or
// a low half not preceded by a high one. (String#isWellFormed is ES2024, beyond our lib target.)
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` cannot be stored, or null when it can. */
export function unsafeTextReason(s: string): string | null {
  if (s.includes("\u0000")) return "contains a NUL character (\\u0000), which cannot be stored";
  if (LONE_SURROGATE.test(s)) return "contains an unpaired surrogate (broken UTF-16), which cannot be stored";
  return null;
}

export const isSafeText = (s: string) => unsafeTextReason(s) === null;

/** The refinement itself, for schemas defined elsewhere (`Goal.check(safeTextCheck)`). */
export const safeTextCheck = z.refine<string>(isSafeText, {
  error: (issue) => unsafeTextReason(String(issue.input)) ?? "invalid text",
});

export interface TextOptions {
  /** Minimum length after trimming (default 0). */
  min?: number;
  max: number;
  /** Trim surrounding white space (default true). */
  trim?: boolean;
  /** Message when shorter than `min`. */
  tooShort?: string;
  /** Message when longer than `max`. */
  tooLong?: string;
}

/** A text field: storable, trimmed, within its length cap. */
export function safeText({ min = 0, max, trim = true, tooShort, tooLong }: TextOptions) {
  const base = trim ? z.string().trim() : z.string();
  return base
    .min(min, tooShort ?? (min === 1 ? "must not be empty" : `must have at least ${min} characters`))
    .max(max, tooLong ?? `must be at most ${max.toLocaleString("en")} characters`)
    .check(safeTextCheck);
}

/** Ids of runs: what `newRunId` and imports produce. Checked before any query, so a bad id is a 400. */
export const RUN_ID = /^[A-Za-z0-9_-]{1,80}$/;
export const RunIdText = z.string().regex(RUN_ID, "not a run id (1 to 80 letters, digits, '_' or '-')");

/** Other ids (questions, snapshots, tasks, memory entries): printable, no white space, bounded. */
export const IdText = z
  .string()
  .min(1, "must not be empty")
  .max(300, "must be at most 300 characters")
  .regex(/^[^\s\p{Cc}]+$/u, "must hold no spaces or control characters")
  .check(safeTextCheck);

/**
 * Every string (and object key) anywhere in `value` that cannot be stored, as a path and a reason.
 * For nested inputs (memory patches, imported events) whose own schemas live in the core.
 */
export function findUnsafeText(value: unknown, limit = 1): { path: string; reason: string }[] {
  const found: { path: string; reason: string }[] = [];
  // An explicit stack: imported events may nest deeper than the call stack allows.
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0 && found.length < limit) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === "string") {
      const reason = unsafeTextReason(v);
      if (reason) found.push({ path: at || "(value)", reason });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}[${i}]`]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        const keyReason = unsafeTextReason(k);
        if (keyReason) found.push({ path: `${at}{key}`, reason: keyReason });
        stack.push([child, at ? `${at}.${k}` : k]);
      }
    }
  }
  return found;
}

/** A check for a whole input: any unstorable string in it fails, naming where. */
export const deepSafeTextCheck = z.superRefine<unknown>((value, ctx) => {
  for (const { path, reason } of findUnsafeText(value)) {
    ctx.addIssue({ code: "custom", message: `${path}: ${reason}`, input: value });
  }
});

/** Decode one URL path segment; malformed percent-encoding is the caller's error (400), not a 500. */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
