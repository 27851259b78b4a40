import { authorize } from "@/lib/auth/authorize";
import { respond } from "@/lib/runs/http";
import { getLibraryDocument } from "@/lib/runs/service/documents";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

/** Params may arrive encoded or not (non-ASCII ids); a stray "%" must not become a 500. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function GET(request: Request, { params }: { params: Promise<{ docId: string }> }) {
  const id = decoded((await params).docId);
  let missing = false;
  const found = await respond(async () => {
    await authorize(request.headers, "read");
    const document = await getLibraryDocument(await getRunService(), id);
    missing = document === null;
    return { document };
  });
  if (!missing) return found;
  // ServiceErrorCode has no document code, so the 404 is shaped here like every other failure.
  return Response.json(
    { ok: false, code: "document_not_found", message: `No document "${id}" in the library.` },
    { status: 404 },
  );
}
