"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import Markdown, { type Components } from "react-markdown";
import { ApiError, fetchJson } from "@/components/runs/fetch-json";
import { Empty, ErrorNotice, Loading } from "@/components/ui/states";
import type { LibraryDocument } from "@/lib/tools/library/document";
import styles from "./document-view.module.css";
import shared from "./library.module.css";

/**
 * Documents are untrusted text (uploads, web pages). react-markdown never renders HTML: without
 * rehype-raw, markup in the text is shown as literal text. Images are not fetched (a remote
 * image would tell a third party who opened the document) and links leave no referrer.
 */
const safeComponents: Components = {
  img: ({ alt }) => <span className={styles.imageNote}>[image{alt ? `: ${alt}` : ""}]</span>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

type Mode = "formatted" | "plain";

export function DocumentView({ id, closeHref }: { id: string; closeHref: string }) {
  const [mode, setMode] = useState<Mode>("formatted");
  const doc = useQuery({
    queryKey: ["document", id],
    queryFn: () => fetchJson<{ document: LibraryDocument }>(`/api/documents/${encodeURIComponent(id)}`),
    select: (b) => b.document,
    // A missing document will not appear by retrying.
    retry: (count, e) => !(e instanceof ApiError && e.status === 404) && count < 2,
  });

  const close = (
    <Link href={closeHref} scroll={false} className="btn btn-ghost" aria-label="Close the document">
      ✕ Close
    </Link>
  );

  if (doc.isPending) return <Loading label="Loading the document…" />;
  if (doc.isError) {
    return doc.error instanceof ApiError && doc.error.status === 404 ? (
      <Empty title="No such document" testId="doc-view">
        There is no document “{id}” in the library; it may have been replaced by an upload under another name.{" "}
        {close}
      </Empty>
    ) : (
      <ErrorNotice
        message={`The document could not be loaded: ${doc.error.message}`}
        action={
          <button type="button" className="btn" onClick={() => doc.refetch()}>
            Retry
          </button>
        }
      />
    );
  }
  const d = doc.data;
  return (
    <article className={`panel ${styles.docView}`} data-testid="doc-view" data-doc-id={d.id} lang={d.lang}>
      <header className={styles.docHead}>
        <h2>{d.title}</h2>
        {close}
      </header>
      <dl className={styles.docMeta}>
        <dt>Id</dt>
        <dd>
          <code>{d.id}</code>
        </dd>
        <dt>Published</dt>
        <dd>
          <time dateTime={d.published}>{d.published}</time>
        </dd>
        <dt>Source</dt>
        <dd>{d.source}</dd>
        {d.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>
              <ul className={shared.tags} aria-label="Tags">
                {d.tags.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>

      {d.figures.length > 0 && (
        <section aria-labelledby="doc-figures">
          <h3 id="doc-figures">Key figures</h3>
          <table className={styles.figuresTable}>
            <tbody>
              {d.figures.map((f) => (
                <tr key={`${f.name}=${f.value}`}>
                  <th scope="row" className={styles.figureName}>
                    {f.name}
                  </th>
                  <td className={styles.figureValue}>{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <fieldset className={styles.modeSwitch}>
        <legend className={shared.srOnly}>Show the text as</legend>
        {(["formatted", "plain"] as const).map((m) => (
          <label key={m} className={mode === m ? styles.modeOn : undefined}>
            <input type="radio" name="doc-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {m === "formatted" ? "Formatted" : "Plain text"}
          </label>
        ))}
      </fieldset>
      {mode === "formatted" ? (
        <div className={styles.prose}>
          <Markdown components={safeComponents}>{d.text}</Markdown>
        </div>
      ) : (
        <pre className={styles.plain}>{d.text}</pre>
      )}
    </article>
  );
}
