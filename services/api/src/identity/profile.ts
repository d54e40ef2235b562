import { type ProfileField, TRACKED_TAGS, trackedTagsSchema } from "@sportsbook/contracts";
import { playerTags } from "@sportsbook/db";
import type { PlayerRow } from "../auth/session.js";
import type { AppContext } from "../context.js";

const FIELD_VALUE: Record<ProfileField, (p: PlayerRow) => string | null> = {
  first_name: (p) => p.firstName,
  last_name: (p) => p.lastName,
  nickname: (p) => p.nickname,
  phone: (p) => p.phone,
  country_code: (p) => p.countryCode,
};

/** The required profile fields the player has not filled in (SPEC §3 `authFieldsMissed`). */
export function authFieldsMissed(ctx: AppContext, player: PlayerRow): ProfileField[] {
  return ctx.identity.requiredFields.filter((f) => !FIELD_VALUE[f](player)?.trim());
}

/** SPEC §5: verification is demanded after sign-in only when configured and the phone is not verified. */
export function phoneVerificationRequired(ctx: AppContext, player: PlayerRow): boolean {
  return ctx.identity.requirePhoneVerification && !player.phoneVerifiedAt;
}

/**
 * Keeps the tracked tags of a query (`GET /player?ctag=…`) with the player: a tag sent again replaces
 * the stored one, tags not sent stay. Malformed or overlong values are ignored, not stored.
 */
export async function recordTrackedTags(ctx: AppContext, playerId: number, query: unknown): Promise<void> {
  const source = query && typeof query === "object" ? (query as Record<string, unknown>) : {};
  const picked = Object.fromEntries(
    TRACKED_TAGS.filter((t) => typeof source[t] === "string").map((t) => [t, source[t]]),
  );
  if (Object.keys(picked).length === 0) return;
  const parsed = trackedTagsSchema.safeParse(picked);
  if (!parsed.success) return;
  const tags = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v));
  if (Object.keys(tags).length === 0) return;
  await ctx.db
    .insert(playerTags)
    .values({ playerId, ...tags, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: playerTags.playerId, set: { ...tags, updatedAt: ctx.now() } });
}
