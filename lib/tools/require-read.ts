import type { LibraryDocument } from "./library/document";
import { type ToolContext, ToolError } from "./tool";

/**
 * The documents behind `ids`, provided each exists and was read in this run: a report may only
 * rest on what the agent has actually seen. Unknown ids are reported before unread ones because
 * an invented id is the more serious mistake.
 */
export async function requireReadDocuments(
  ids: readonly string[],
  ctx: ToolContext,
): Promise<LibraryDocument[]> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => ctx.library.get(id)));
  const unknown = unique.filter((_, i) => found[i] === undefined);
  if (unknown.length > 0) {
    throw new ToolError(
      "not_found",
      `no document with id ${listIds(unknown)} in the library; use ids from search results`,
    );
  }
  const unread = unique.filter((id) => !ctx.readDocuments.has(id));
  if (unread.length > 0) {
    throw new ToolError(
      "not_read",
      `${listIds(unread)} not read in this run; read a document before using it`,
    );
  }
  return found as LibraryDocument[];
}

export function listIds(ids: readonly string[]): string {
  return ids.map((id) => `"${id}"`).join(", ");
}
