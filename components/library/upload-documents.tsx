"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type ChangeEvent, useState } from "react";
import { fetchJson } from "@/components/runs/fetch-json";
import type { UploadResult } from "@/lib/runs/service/documents";
import { documentHref } from "./document-table";
import styles from "./library.module.css";

// Mirrors MAX_UPLOAD_BYTES / MAX_UPLOAD_FILES on the server (which enforces them): checking here
// spares sending a file that would be refused anyway.
const MAX_BYTES = 1_000_000;
const BATCH = 20;
const ACCEPT = ".md,.markdown,.txt,.html,.htm,text/markdown,text/plain,text/html";

async function send(files: File[]): Promise<UploadResult[]> {
  const form = new FormData();
  for (const f of files) form.append("files", f);
  const body = await fetchJson<{ results: UploadResult[] }>("/api/documents", { method: "POST", body: form });
  return body.results;
}

/** "Add documents": each file is parsed on its own, so the report is per file. */
export function UploadDocuments({ query }: { query: string }) {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<UploadResult[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    // Cleared at once, so choosing the same file again (after fixing it) fires a change.
    input.value = "";
    if (files.length === 0) return;
    setFailure(null);
    setResults([]);
    setBusy(files.length);
    const collected: UploadResult[] = [];
    const tooBig = files.filter((f) => f.size > MAX_BYTES);
    for (const f of tooBig) {
      collected.push({
        file: f.name,
        ok: false,
        field: "file",
        message: `file: ${(f.size / 1_000_000).toFixed(1)} MB is over the 1 MB limit; split the document`,
      });
    }
    const sendable = files.filter((f) => f.size <= MAX_BYTES);
    try {
      for (let i = 0; i < sendable.length; i += BATCH)
        collected.push(...(await send(sendable.slice(i, i + BATCH))));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : "The upload failed.");
    } finally {
      setResults(collected);
      setBusy(null);
      if (collected.some((r) => r.ok)) void queryClient.invalidateQueries({ queryKey: ["documents"] });
    }
  }

  const added = results.filter((r) => r.ok).length;
  // A fragment: the picker sits at the end of the page header and the report wraps onto its own row.
  return (
    <>
      <div className={styles.upload}>
        <input
          id="upload-input"
          data-testid="upload-input"
          className={styles.fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          onChange={onChange}
          disabled={busy !== null}
          aria-describedby="upload-help"
        />
        <label
          htmlFor="upload-input"
          className={`btn btn-primary ${styles.fileButton}`}
          data-busy={busy !== null}
        >
          {busy !== null ? `Uploading ${busy} file${busy === 1 ? "" : "s"}…` : "+ Add documents"}
        </label>
        <span id="upload-help" className={styles.hint}>
          .md, .txt or .html · up to 1 MB each · several at once
        </span>
      </div>

      {(results.length > 0 || failure) && (
        <div className={`panel ${styles.uploadReport}`} role="status">
          <div className={styles.uploadReportHead}>
            <strong>
              {added} of {results.length} added
            </strong>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setResults([]);
                setFailure(null);
              }}
            >
              Dismiss
            </button>
          </div>
          {failure && <p className={styles.errorText}>{failure} Nothing else was sent; try again.</p>}
          <ul className={styles.uploadList}>
            {results.map((r, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: one file name can be chosen twice
                key={`${r.file}-${i}`}
                data-testid="upload-result"
                data-ok={r.ok}
                data-file={r.file}
                className={r.ok ? styles.uploadOk : styles.uploadBad}
              >
                <span aria-hidden="true">{r.ok ? "✓" : "✕"}</span>
                <span className={styles.uploadFile}>{r.file}</span>
                {r.ok ? (
                  <span>
                    {r.replaced ? "replaced" : "added as"}{" "}
                    <Link href={documentHref(r.id, query)} scroll={false}>
                      {r.title}
                    </Link>
                  </span>
                ) : (
                  <span>
                    not added — {r.message}. Fix {r.field === "file" ? "the file" : `“${r.field}”`} and upload
                    it again.
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
