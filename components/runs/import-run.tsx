"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import styles from "./runs.module.css";

type Outcome = { kind: "duplicate"; runId: string } | { kind: "error"; message: string } | null;

/**
 * Open an exported run (.jsonl) as a read-only run. The server recognises a file it has imported
 * before (by its content) and answers with the first import instead of storing a second one.
 */
export function ImportRun() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function importFile(file: File) {
    setBusy(true);
    setOutcome(null);
    try {
      const res = await fetch("/api/runs/import", {
        method: "POST",
        headers: { "Content-Type": "application/x-ndjson" },
        body: file,
      });
      const body = (await res.json().catch(() => ({}))) as {
        runId?: string;
        duplicate?: boolean;
        message?: string;
      };
      if (!res.ok || !body.runId) {
        return setOutcome({
          kind: "error",
          message: body.message ?? `The import failed (HTTP ${res.status}).`,
        });
      }
      if (body.duplicate) return setOutcome({ kind: "duplicate", runId: body.runId });
      await queryClient.invalidateQueries({ queryKey: ["runs"] });
      router.push(`/runs/${encodeURIComponent(body.runId)}`);
    } catch {
      setOutcome({ kind: "error", message: "The file could not be read or sent; try again." });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className={styles.importRun}>
      <input
        ref={input}
        id="import-run-file"
        type="file"
        accept=".jsonl,application/x-ndjson,application/jsonl,text/plain"
        className={styles.fileInput}
        data-testid="import-run-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void importFile(file);
        }}
      />
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="import-run"
      >
        {busy ? "Importing…" : "Import run…"}
      </button>
      <span className={styles.hint}>an exported .jsonl, opened read-only</span>
      {outcome?.kind === "duplicate" && (
        <p className={styles.importNote} role="status" data-testid="import-duplicate">
          This file was already imported:{" "}
          <Link href={`/runs/${encodeURIComponent(outcome.runId)}`}>open {outcome.runId}</Link>. Nothing was
          added.
        </p>
      )}
      {outcome?.kind === "error" && (
        <p className={styles.fieldError} role="alert">
          {outcome.message}
        </p>
      )}
    </div>
  );
}
