import type { Metadata } from "next";
import { Suspense } from "react";
import { Lessons } from "@/components/lessons/lessons";
import { Loading } from "@/components/ui/states";
import { requireReader } from "@/lib/auth/next";

export const metadata: Metadata = { title: "Lessons" };

export default async function LessonsPage() {
  await requireReader();
  return (
    <Suspense fallback={<Loading label="Loading lessons…" />}>
      <Lessons />
    </Suspense>
  );
}
