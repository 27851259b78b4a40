/**
 * Errors that say the database could not be reached for a moment (a dropped connection, a restart,
 * a failover), as opposed to a refusal of what was written. Work interrupted by one is retried.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart).
const SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const MESSAGES = [/connection terminated/i, /terminating connection/i, /connection error/i, /not queryable/i];

export function isTransientDbError(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 6; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    const message = cur instanceof Error ? cur.message : "";
    if (MESSAGES.some((m) => m.test(message))) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** File-system faults, in the words an operator needs. */
export const FS_ERRORS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

/** The file-system fault behind `e`, if any, anywhere in its cause chain or message. */
export function fsErrorCode(e: unknown): string | null {
  for (let cur = e, depth = 0; cur && depth < 6; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && code in FS_ERRORS) return code;
    const message = cur instanceof Error ? cur.message : String(cur);
    const named = Object.keys(FS_ERRORS).find((c) => message.includes(c));
    if (named) return named;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}
