"use client";

import Link from "next/link";
import type { DocumentListItem } from "@/lib/runs/service/documents";
import { Highlight } from "./highlight";
import styles from "./library.module.css";

const LANG: Record<string, string> = { en: "English", zh: "中文" };

export const documentHref = (id: string | null, query: string) => {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (id) params.set("doc", id);
  const s = params.toString();
  return s ? `/library?${s}` : "/library";
};

interface Props {
  documents: DocumentListItem[];
  /** The search these rows answer; empty for the full list. */
  query: string;
  selectedId: string | null;
  /** With a document open beside it, the table drops its wide columns. */
  compact: boolean;
}

export function DocumentTable({ documents, query, selectedId, compact }: Props) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.srOnly}>
          {query ? `Documents matching “${query}”, best first` : "All documents"}
        </caption>
        <thead>
          <tr>
            {query && (
              <th scope="col" className={styles.rankCol}>
                #
              </th>
            )}
            <th scope="col">Title</th>
            <th scope="col">Lang</th>
            {!compact && <th scope="col">Tags</th>}
            <th scope="col">Published</th>
            {!compact && <th scope="col">Source</th>}
          </tr>
        </thead>
        <tbody>
          {documents.map((d, i) => (
            <tr
              key={d.id}
              data-testid="doc-row"
              data-doc-id={d.id}
              aria-current={d.id === selectedId ? "true" : undefined}
              className={d.id === selectedId ? styles.selected : undefined}
            >
              {query && <td className={styles.rank}>{i + 1}</td>}
              <td className={styles.titleCell}>
                <Link href={documentHref(d.id, query)} scroll={false} className={styles.titleLink}>
                  {d.title}
                </Link>
                {d.snippet !== undefined && (
                  <p className={styles.snippet}>
                    <Highlight text={d.snippet} query={query} />
                  </p>
                )}
                {/* Said only when partial: "all terms matched" on every row would be noise. */}
                {d.coverage !== undefined && d.coverage < 1 && (
                  <span className={styles.hint}>
                    partial match: {Math.round(d.coverage * 100)}% of the search terms
                  </span>
                )}
              </td>
              <td lang={d.lang}>
                <span className="badge">{LANG[d.lang] ?? d.lang}</span>
              </td>
              {!compact && (
                <td>
                  <ul className={styles.tags} aria-label="Tags">
                    {d.tags.map((t) => (
                      <li key={t}>{t}</li>
                    ))}
                  </ul>
                </td>
              )}
              <td className={styles.nowrap}>
                <time dateTime={d.published}>{d.published}</time>
              </td>
              {!compact && <td className={styles.source}>{d.source}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
