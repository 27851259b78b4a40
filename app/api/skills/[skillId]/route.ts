import { getDb } from "@/db/client";
import { authorize } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { decodePathSegment } from "@/lib/runs/safe-text";
import { removePromptSkill } from "@/lib/runs/service/skills";

export const dynamic = "force-dynamic";

export async function DELETE(request: Request, { params }: { params: Promise<{ skillId: string }> }) {
  return respond(async () => {
    await authorize(request.headers, "start");
    return removePromptSkill((await getDb()).db, decodePathSegment((await params).skillId));
  });
}
