import { z } from "zod";
import type { ModelPurpose, ModelTier } from "./chat-model";

/** Tiers from cheapest to strongest: escalation climbs this ladder, never past its top. */
export const TIER_LADDER: readonly ModelTier[] = ["fast", "strong"];
const Tier = z.enum(["fast", "strong"]);

/**
 * Which tier each purpose asks by default, and how far a purpose may climb when its previous call
 * for the same subject did not work (a failed attempt, a rejected repair, a reflection asked again):
 * one tier per consecutive failure, at most `maxLevels` (≤ 2), and back to the default as soon as
 * one succeeds. The defaults are the tiers the agent always used, and no escalation: a strong call
 * is slower and dearer, so climbing is a run's choice (EF-Bench: escalation moves simulated wall time).
 */
export const RoutingPolicy = z.object({
  routes: z
    .object({
      clarify: Tier.default("strong"),
      plan: Tier.default("strong"),
      repair: Tier.default("strong"),
      execute: Tier.default("fast"),
      assess: Tier.default("fast"),
      reflect: Tier.default("strong"),
      /** Lessons proposed after a run (LLM runs only). */
      distill: Tier.default("strong"),
    })
    .prefault({}),
  escalation: z
    .object({
      /** 0: never escalate (the default). */
      maxLevels: z.number().int().min(0).max(2).default(0),
    })
    .prefault({}),
});
export type RoutingPolicy = z.infer<typeof RoutingPolicy>;

export const defaultRoutingPolicy = (): RoutingPolicy => RoutingPolicy.parse({});

/** Where one call goes and why: recorded on its model.called event. */
export const RouteDecision = z.object({
  /** The policy's tier for the purpose. */
  defaultTier: Tier,
  /** Levels climbed above the default (0..2). */
  level: z.number().int().min(0).max(2),
  /** Consecutive failures of this purpose for this subject before the call. */
  failures: z.number().int().min(0),
  reason: z.string(),
});
export type RouteDecision = z.infer<typeof RouteDecision>;

/** The tier a call goes to: the policy's default, climbed one step per consecutive failure up to maxLevels. */
export function routeCall(
  policy: RoutingPolicy,
  purpose: ModelPurpose,
  failures: number,
): { tier: ModelTier; route: RouteDecision } {
  const defaultTier = policy.routes[purpose];
  const from = TIER_LADDER.indexOf(defaultTier);
  const wanted = Math.min(Math.max(0, failures), policy.escalation.maxLevels);
  const to = Math.min(from + wanted, TIER_LADDER.length - 1);
  const level = to - from;
  const tier = TIER_LADDER[to] as ModelTier;
  const reason =
    level > 0
      ? `${purpose} escalated ${level} level${level > 1 ? "s" : ""} to ${tier} after ${failures} failure${failures > 1 ? "s" : ""}`
      : failures > 0 && wanted > 0
        ? `${purpose} stays on ${tier}: already the top tier`
        : `${purpose} → ${tier} (policy)`;
  return { tier, route: { defaultTier, level, failures, reason } };
}

export interface TierUsage {
  tier: ModelTier;
  calls: number;
  escalated: number;
  tokens: number;
  costUsd: number;
}

/** Calls, tokens and cost per tier, from the recorded model calls (a run's, or a bench arm's). */
export function summariseTiers(
  calls: readonly {
    tier: ModelTier;
    usage: { totalTokens: number; costUsd: number };
    route?: { level: number } | null;
  }[],
): TierUsage[] {
  return TIER_LADDER.map((tier) => {
    const mine = calls.filter((c) => c.tier === tier);
    return {
      tier,
      calls: mine.length,
      escalated: mine.filter((c) => (c.route?.level ?? 0) > 0).length,
      tokens: mine.reduce((n, c) => n + c.usage.totalTokens, 0),
      costUsd: mine.reduce((n, c) => n + c.usage.costUsd, 0),
    };
  });
}
