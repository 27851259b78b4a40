"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { fetchJson } from "@/components/runs/fetch-json";
import { Empty, ErrorNotice, Loading } from "@/components/ui/states";
import type { DocumentListItem } from "@/lib/runs/service/documents";
import { DocumentTable, documentHref } from "./document-table";
import { DocumentView } from "./document-view";
import styles from "./library.module.css";
import { UploadDocuments } from "./upload-documents";
import { useDebounced } from "./use-debounced";

const SEARCH_DEBOUNCE_MS = 250;

const fetchDocuments = (q: string) =>
  fetchJson<{ documents: DocumentListItem[] }>(
    q ? `/api/documents?q=${encodeURIComponent(q)}` : "/api/documents",
  );

/** The research library: browse, search (English and Chinese), read one document, add more. */
export function Library() {
  const params = useSearchParams();
  const selectedId = params.get("doc");
  const [text, setText] = useState(() => params.get("q") ?? "");
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);

  // The search lives in the URL so a reload or a shared link shows the same results.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [query]);

  const docs = useQuery({
    queryKey: ["documents", query],
    queryFn: () => fetchDocuments(query),
    select: (b) => b.documents,
    // Keep showing the last results while the next search runs, instead of flashing a spinner per pause.
    placeholderData: keepPreviousData,
  });
  const searching = text.trim() !== query || (docs.isFetching && docs.isPlaceholderData);

  return (
    <div className={styles.library} data-testid="library">
      <div className={styles.head}>
        <div className={styles.titleBlock}>
          <h1>Library</h1>
          <p className={styles.hint}>
            These are the documents that runs read and cite. Search finds English and Chinese text, and a
            document you add can be searched as soon as it is uploaded.
          </p>
        </div>
        <UploadDocuments query={query} />
      </div>

      <div className={selectedId ? styles.split : undefined}>
        <section aria-label="Documents" className={styles.listArea}>
          <div className={styles.searchBar}>
            <label htmlFor="doc-search" className={styles.srOnly}>
              Search the library
            </label>
            <input
              id="doc-search"
              data-testid="doc-search"
              type="search"
              placeholder="Search, e.g. Loomwork enterprise · 制造业 采用"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setText("")}
              aria-describedby="doc-search-status"
            />
            <span id="doc-search-status" className={styles.hint} role="status">
              {searching
                ? "Searching…"
                : docs.data &&
                  (query
                    ? `${docs.data.length} match${docs.data.length === 1 ? "" : "es"}, best first`
                    : `${docs.data.length} documents`)}
            </span>
          </div>

          {docs.isPending ? (
            <Loading label="Loading the library…" />
          ) : docs.isError && !docs.data ? (
            <ErrorNotice
              message={`The library could not be loaded: ${docs.error.message}`}
              action={
                <button type="button" className="btn" onClick={() => docs.refetch()}>
                  Retry
                </button>
              }
            />
          ) : docs.data.length === 0 ? (
            query ? (
              <Empty title={`Nothing matches “${query}”`} testId="library-empty">
                Try fewer or different words, or the other language: documents in Chinese are searched with
                Chinese words.
              </Empty>
            ) : (
              <Empty title="The library is empty" testId="library-empty">
                Add .md, .txt or .html documents with <strong>Add documents</strong>.
              </Empty>
            )
          ) : (
            <DocumentTable
              documents={docs.data}
              query={query}
              selectedId={selectedId}
              compact={selectedId !== null}
            />
          )}
        </section>

        {selectedId && (
          <section aria-label="Document" className={styles.viewArea}>
            <DocumentView key={selectedId} id={selectedId} closeHref={documentHref(null, query)} />
          </section>
        )}
      </div>
    </div>
  );
}
