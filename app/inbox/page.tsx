import type { Metadata } from "next";
import { Inbox } from "@/components/inbox/inbox";

export const metadata: Metadata = { title: "Inbox · Prefrontal" };

export default function InboxPage() {
  return <Inbox />;
}
