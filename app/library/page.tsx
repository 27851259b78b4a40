import type { Metadata } from "next";
import { Suspense } from "react";
import { Library } from "@/components/library/library";
import { Loading } from "@/components/ui/states";
import { requireReader } from "@/lib/auth/next";

export const metadata: Metadata = { title: "Library" };

export default async function LibraryPage() {
  await requireReader();
  // The library reads ?q= and ?doc= in the browser; Suspense lets the rest of the page render first.
  return (
    <Suspense fallback={<Loading label="Loading the library…" />}>
      <Library />
    </Suspense>
  );
}
