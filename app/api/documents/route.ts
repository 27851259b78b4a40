import { authorize } from "@/lib/auth/authorize";
import { ServiceError } from "@/lib/runs/errors";
import { respond } from "@/lib/runs/http";
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

// Room for every file at its cap plus the multipart headers; anything bigger is refused unread.
const MAX_BODY_BYTES = MAX_UPLOAD_FILES * MAX_UPLOAD_BYTES + 64_000;

/** multipart/form-data with one or more `files` fields; answers per file (added id, or what is wrong). */
export async function POST(request: Request) {
  return respond(async () => {
    const actor = await authorize(request.headers, "upload");
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) {
      throw new ServiceError(
        "invalid_input",
        `files: the upload is over ${MAX_BODY_BYTES / 1_000_000} MB; send fewer files at a time`,
      );
    }
    const form = await request.formData().catch(() => {
      throw new ServiceError("invalid_input", "files: send the files as multipart/form-data");
    });
    return uploadDocuments(await getRunService(), form.getAll("files"), actor.label);
  });
}
