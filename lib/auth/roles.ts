import { z } from "zod";

/** Who may do what. Pure: the table the server checks on every route and action. */
export const Role = z.enum(["admin", "analyst", "reviewer", "viewer"]);
export type Role = z.infer<typeof Role>;

export type Verb =
  | "read"
  | "start"
  | "cancel"
  | "amend"
  | "fork"
  | "rollback"
  | "import"
  | "upload"
  | "answer"
  /** Disable, enable or delete a lesson learned across runs. */
  | "curate"
  | "admin";

const grants: Record<Role, ReadonlySet<Verb>> = {
  admin: new Set<Verb>([
    "read",
    "start",
    "cancel",
    "amend",
    "fork",
    "rollback",
    "import",
    "upload",
    "answer",
    "curate",
    "admin",
  ]),
  analyst: new Set<Verb>(["read", "start", "cancel", "amend", "fork", "rollback", "import", "upload"]),
  reviewer: new Set<Verb>(["read", "answer", "curate"]),
  viewer: new Set<Verb>(["read"]),
};

/** Verbs on an existing run that only its owner (or an admin) may use. */
const ownRunsOnly: ReadonlySet<Verb> = new Set<Verb>(["cancel", "amend", "fork", "rollback"]);

/** Someone acting: a signed-in user, an API token, or the zero-config local admin. */
export interface Actor {
  /** Stable id: a user id, `token:<id>`, or `local`. Runs are owned by it. */
  id: string;
  /** What events and answers record as `by`. */
  label: string;
  role: Role;
}

export type Denial = { code: "forbidden"; message: string };

/** Null when allowed; `owner` is the run's owner id when the verb acts on an existing run. */
export function deny(actor: Actor, verb: Verb, owner?: string | null): Denial | null {
  if (!grants[actor.role].has(verb)) {
    return {
      code: "forbidden",
      message: `A ${actor.role} may not ${verb}; ask an admin for a role that may.`,
    };
  }
  if (actor.role !== "admin" && ownRunsOnly.has(verb) && owner !== undefined && owner !== actor.id) {
    return { code: "forbidden", message: `Only the run's owner or an admin may ${verb} it.` };
  }
  return null;
}
