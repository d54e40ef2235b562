import type { BonusDefinition, bonusSeedSchema } from "@sportsbook/contracts";
import { bonuses } from "@sportsbook/db";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { upsertJackpot } from "../jackpots/definitions.js";

export type BonusRow = typeof bonuses.$inferSelect;
type BonusSeed = z.output<typeof bonusSeedSchema>;

/**
 * Writes the operator's definition of a bonus under its key: a new bonus, or new terms for the
 * existing one (players keep what was issued to them).
 */
export async function upsertBonus(ctx: AppContext, key: string, d: BonusDefinition): Promise<BonusRow> {
  const values = {
    kind: d.kind,
    status: d.status,
    name: d.name,
    description: d.description ?? {},
    rules: d.rules ?? {},
    terms: d.terms,
    issuedBy: d.issued_by,
    promoCode: d.promo_code ?? null,
    // a hunting is won once, a lootbox opened once: either spends its one use
    usesCount: d.kind === "hunting" || d.kind === "lootbox" ? 1 : (d.uses_count ?? null),
    validDays: d.valid_days ?? null,
    countryCodes: d.country_codes,
    banners: d.banners,
    validFrom: d.valid_from ? new Date(d.valid_from) : null,
    validTo: d.valid_to ? new Date(d.valid_to) : null,
    updatedAt: ctx.now(),
  };
  const [row] = await ctx.db
    .insert(bonuses)
    .values({ key, ...values, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: bonuses.key, set: values })
    .returning();
  if (!row) throw new Error(`bonus ${key} was not written`);
  ctx.runningAmbs.invalidate();
  return row;
}

/** Writes every definition of a seed document (`{ bonuses: { key: … }, jackpots: { key: … } }`), already validated. */
export async function seedBonuses(ctx: AppContext, doc: BonusSeed): Promise<number> {
  for (const [key, definition] of Object.entries(doc.bonuses)) await upsertBonus(ctx, key, definition);
  for (const [key, definition] of Object.entries(doc.jackpots)) await upsertJackpot(ctx, key, definition);
  return Object.keys(doc.bonuses).length + Object.keys(doc.jackpots).length;
}
