import { asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { type PromptSkillRow, promptSkills } from "../schema";

export const listPromptSkills = (db: Db): Promise<PromptSkillRow[]> =>
  db.select().from(promptSkills).orderBy(asc(promptSkills.createdAt), asc(promptSkills.id));

/** Insert; false when the id is taken (nothing is overwritten). */
export async function insertPromptSkill(db: Db, row: Omit<PromptSkillRow, "createdAt">): Promise<boolean> {
  const added = await db
    .insert(promptSkills)
    .values(row)
    .onConflictDoNothing({ target: promptSkills.id })
    .returning({ id: promptSkills.id });
  return added.length > 0;
}

export async function deletePromptSkill(db: Db, id: string): Promise<boolean> {
  const gone = await db
    .delete(promptSkills)
    .where(eq(promptSkills.id, id))
    .returning({ id: promptSkills.id });
  return gone.length > 0;
}
