import type { Metadata } from "next";
import { Inbox } from "@/components/inbox/inbox";
import { requireReader } from "@/lib/auth/next";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage() {
  await requireReader();
  return <Inbox />;
}
