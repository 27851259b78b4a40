import type { Metadata } from "next";
import { SkillsRegistry } from "@/components/skills/skills-registry";
import { requireReader } from "@/lib/auth/next";

export const metadata: Metadata = { title: "Skills" };

export default async function SkillsPage() {
  await requireReader();
  return <SkillsRegistry />;
}
