import { getDb } from "@/db/client";
import { authorize } from "@/lib/auth/authorize";
import { jsonBody, respond } from "@/lib/runs/http";
import { addPromptSkill, listSkills } from "@/lib/runs/service/skills";

export const dynamic = "force-dynamic";

/** The skills registry: builtin skills and the prompt skills people added. */
export async function GET(request: Request) {
  return respond(async () => {
    await authorize(request.headers, "read");
    return listSkills((await getDb()).db);
  });
}

/** Add a prompt skill (JSON: id, name, description, template, trigger). Who may start runs may add one. */
export async function POST(request: Request) {
  return respond(async () => {
    const actor = await authorize(request.headers, "start");
    return addPromptSkill((await getDb()).db, await jsonBody(request), actor.label);
  }, 201);
}
