"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { fetchJson } from "@/components/runs/fetch-json";

/** Shares the inbox's query key, so an answer sent from the inbox updates the count at once. */
const PENDING_KEY = ["questions", "pending"] as const;

/** The nav's Inbox link with how many questions wait for a person, kept live (every 2 s). */
export function InboxNavLink() {
  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: () =>
      fetchJson<{ questions: unknown[] }>("/api/questions?status=pending").then((b) => b.questions),
    refetchInterval: 2_000,
  });
  const count = pending.data?.length ?? 0;
  return (
    <Link
      href="/inbox"
      prefetch={false}
      aria-label={count > 0 ? `Inbox, ${count} waiting for an answer` : undefined}
    >
      Inbox
      {count > 0 && (
        <span className="nav-count" data-testid="nav-inbox-count">
          {count}
        </span>
      )}
    </Link>
  );
}
