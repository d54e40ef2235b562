import type { BonusDefinition, bonusSeedSchema } from "@sportsbook/contracts";
import { bonuses, type Executor, staffAudit } from "@sportsbook/db";
import { and, eq, like } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { upsertJackpot } from "../jackpots/definitions.js";

export type BonusRow = typeof bonuses.$inferSelect;
type BonusSeed = z.output<typeof bonusSeedSchema>;

/**
 * Writes the operator's definition of a bonus under its key: a new bonus, or new terms for the
 * existing one (players keep what was issued to them). Written inside a caller's transaction `ex`,
 * the caller drops the running-ambs cache again once it commits (a read before that finds the old row).
 */
export async function upsertBonus(
  ctx: AppContext,
  key: string,
  d: BonusDefinition,
  ex: Executor = ctx.db,
): Promise<BonusRow> {
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
  const [row] = await ex
    .insert(bonuses)
    .values({ key, ...values, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: bonuses.key, set: values })
    .returning();
  if (!row) throw new Error(`bonus ${key} was not written`);
  ctx.runningAmbs.invalidate();
  return row;
}

/**
 * The keys staff have changed on the back office's promotions desk (audit actions `promotion.…`,
 * target `bonus` or `jackpot`): the seed file, imported at every start, leaves those as staff made
 * them rather than undo their work on the next restart.
 */
export async function deskEditedKeys(ex: Executor, targetType: "bonus" | "jackpot"): Promise<Set<string>> {
  const rows = await ex
    .selectDistinct({ key: staffAudit.targetId })
    .from(staffAudit)
    .where(and(eq(staffAudit.targetType, targetType), like(staffAudit.action, "promotion.%")));
  return new Set(rows.map((r) => r.key));
}

/**
 * Writes every definition of a seed document (`{ bonuses: { key: … }, jackpots: { key: … } }`), already
 * validated, but those staff have changed since on the promotions desk. Answers how many it wrote.
 */
export async function seedBonuses(ctx: AppContext, doc: BonusSeed): Promise<number> {
  const [editedBonuses, editedJackpots] = await Promise.all([
    deskEditedKeys(ctx.db, "bonus"),
    deskEditedKeys(ctx.db, "jackpot"),
  ]);
  let written = 0;
  for (const [key, definition] of Object.entries(doc.bonuses)) {
    if (editedBonuses.has(key)) continue;
    await upsertBonus(ctx, key, definition);
    written++;
  }
  for (const [key, definition] of Object.entries(doc.jackpots)) {
    if (editedJackpots.has(key)) continue;
    await upsertJackpot(ctx, key, definition);
    written++;
  }
  return written;
}
