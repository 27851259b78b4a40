import { authorize } from "@/lib/auth/authorize";
import { ServiceError } from "@/lib/runs/errors";
import { readCapped, respond } from "@/lib/runs/http";
import {
  listLibraryDocuments,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  uploadDocuments,
} from "@/lib/runs/service/documents";
import { getRunService } from "@/lib/runs/service-instance";

export const dynamic = "force-dynamic";

/** `?q=` searches (ranked, with snippets); without it, every document. */
export async function GET(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return respond(async () => {
    await authorize(request.headers, "read");
    return listLibraryDocuments(await getRunService(), params);
  });
}

// Room for every file at its cap plus the multipart headers (about 20 MB); counted as the body
// streams in, so a chunked body without Content-Length is held to it too.
const MAX_BODY_BYTES = MAX_UPLOAD_FILES * MAX_UPLOAD_BYTES + 64_000;

/** multipart/form-data with one or more `files` fields; answers per file (added id, or what is wrong). */
export async function POST(request: Request) {
  return respond(async () => {
    const actor = await authorize(request.headers, "upload");
    const body = await readCapped(request, MAX_BODY_BYTES, "files: the upload");
    const type = request.headers.get("content-type") ?? "";
    const form = await new Response(body, { headers: { "content-type": type } }).formData().catch(() => {
      throw new ServiceError("invalid_input", "files: send the files as multipart/form-data");
    });
    return uploadDocuments(await getRunService(), form.getAll("files"), actor.label);
  });
}
