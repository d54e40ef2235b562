import type {
  BonusDefinition,
  JackpotDefinition,
  PromotionPhase,
  PromotionSummary,
  StoredPromotion,
} from "@sportsbook/contracts";
import { bonuses, type Executor, jackpotLevels, jackpots } from "@sportsbook/db";
import type { BonusKind } from "@sportsbook/domain";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type BonusRow, upsertBonus } from "../bonuses/definitions.js";
import type { AppContext } from "../context.js";
import { databaseErrorOf } from "../http/database-errors.js";
import { ApiError } from "../http/errors.js";
import { type JackpotLevelRow, type JackpotRow, writeJackpot } from "../jackpots/definitions.js";
import { type AuditActor, recordStaffAction } from "./audit.js";

/**
 * The promotions desk: marketing staff define bonuses and jackpots in the very format of the seed
 * file and `PUT /operator/…`, each change audited in its own transaction.
 *
 * Every node sees a change without a restart: the player's lists read the `bonuses` and `jackpots`
 * tables on each call, and the two per-bet caches (running ambs, running jackpots) are short TTL
 * reads (5 s) that the writing node also drops at once. A TTL was chosen over a broker message so a
 * node that missed a message (restarting, or cut off from the broker) can never keep an old
 * definition for longer than the TTL.
 */

/** The audit log's target types of the desk's changes; the seed import reads them (`deskEditedKeys`). */
export const TARGET = { bonus: "bonus", jackpot: "jackpot" } as const;

/** Where a definition stands at `now`. */
export function phaseOf(
  d: { status: string; validFrom: Date | null; validTo: Date | null },
  now: Date,
): PromotionPhase {
  if (d.status !== "enabled") return "disabled";
  if (d.validFrom && d.validFrom > now) return "upcoming";
  if (d.validTo && d.validTo <= now) return "ended";
  return "running";
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Drops undefined fields, so a stored definition reads as the seed file would hold it. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A bonus row as the definition that writes it again (the input of `bonusDefinitionSchema`). */
export function bonusDefinitionOf(row: BonusRow): Record<string, unknown> {
  const texts = (t: Record<string, string>) => (Object.keys(t).length > 0 ? t : undefined);
  return defined({
    kind: row.kind,
    status: row.status,
    name: row.name,
    description: texts(row.description),
    rules: texts(row.rules),
    issued_by: row.issuedBy,
    promo_code: row.promoCode ?? undefined,
    uses_count: row.usesCount ?? undefined,
    valid_days: row.validDays ?? undefined,
    country_codes: row.countryCodes,
    banners: row.banners,
    valid_from: iso(row.validFrom) ?? undefined,
    valid_to: iso(row.validTo) ?? undefined,
    terms: row.terms,
  });
}

/**
 * A jackpot and its levels as the definition that writes them again. A level the operator left out
 * is kept disabled with its pool (see `upsertJackpot`); it is no longer part of the definition.
 */
export function jackpotDefinitionOf(row: JackpotRow, levels: JackpotLevelRow[]): Record<string, unknown> {
  return defined({
    name: row.name,
    status: row.status,
    currency: row.currency,
    contribution_bp: row.contributionBp,
    min_stake: row.minStake,
    // 1000 (evens) is what an absent min_odds is stored as: no bound
    min_odds: row.minOdds > 1000 ? row.minOdds : undefined,
    valid_from: iso(row.validFrom) ?? undefined,
    valid_to: iso(row.validTo) ?? undefined,
    levels: levels
      .filter((l) => l.state !== "disabled")
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        code: l.code,
        name: l.name,
        share_bp: l.shareBp,
        seed_amount: l.seedAmount,
        drop_at: l.dropAt,
        state: l.state,
      })),
  });
}

/** Every bonus and jackpot, the latest changed first. */
export async function listPromotions(
  ctx: AppContext,
): Promise<{ bonuses: PromotionSummary[]; jackpots: PromotionSummary[] }> {
  const now = ctx.now();
  const [bonusRows, jackpotRows] = await Promise.all([
    ctx.db.select().from(bonuses).orderBy(sql`${bonuses.updatedAt} desc`, asc(bonuses.key)),
    ctx.db.select().from(jackpots).orderBy(sql`${jackpots.updatedAt} desc`, asc(jackpots.key)),
  ]);
  const summary = (
    r: BonusRow | JackpotRow,
    kind: BonusKind | "jackpot",
    promoCode: string | null,
  ): PromotionSummary => ({
    key: r.key,
    kind,
    name: r.name,
    phase: phaseOf(r, now),
    promo_code: promoCode,
    valid_from: iso(r.validFrom),
    valid_to: iso(r.validTo),
    updated_at: r.updatedAt.toISOString(),
  });
  return {
    bonuses: bonusRows.map((r) => summary(r, r.kind as BonusKind, r.promoCode)),
    jackpots: jackpotRows.map((r) => summary(r, "jackpot", null)),
  };
}

/**
 * Holds one key of one type for the rest of the transaction: a row lock cannot hold a key that has
 * no row yet, and two creations of one key would otherwise both find it free.
 */
async function lockKey(ex: Executor, type: keyof typeof TARGET, key: string): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext(${`promotion:${type}:${key}`}))`);
}

async function bonusRow(ex: Executor, key: string, lock = false): Promise<BonusRow | undefined> {
  const q = ex.select().from(bonuses).where(eq(bonuses.key, key));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

async function jackpotRows(
  ex: Executor,
  key: string,
  lock = false,
): Promise<{ jackpot: JackpotRow; levels: JackpotLevelRow[] } | undefined> {
  const q = ex.select().from(jackpots).where(eq(jackpots.key, key));
  const [jackpot] = lock ? await q.for("update") : await q;
  if (!jackpot) return undefined;
  const levels = await ex.select().from(jackpotLevels).where(eq(jackpotLevels.jackpotId, jackpot.id));
  return { jackpot, levels };
}

/** One bonus's definition as the desk's form edits it; a 404 for an unknown key. */
export async function storedBonus(ctx: AppContext, key: string): Promise<StoredPromotion> {
  const row = await bonusRow(ctx.db, key);
  if (!row) throw new ApiError("notFound");
  return { key, definition: bonusDefinitionOf(row), updated_at: row.updatedAt.toISOString() };
}

/** One jackpot's definition as the desk's form edits it; a 404 for an unknown key. */
export async function storedJackpot(ctx: AppContext, key: string): Promise<StoredPromotion> {
  const found = await jackpotRows(ctx.db, key);
  if (!found) throw new ApiError("notFound");
  return {
    key,
    definition: jackpotDefinitionOf(found.jackpot, found.levels),
    updated_at: found.jackpot.updatedAt.toISOString(),
  };
}

/**
 * Refuses a promo code another bonus holds. Codes are compared as players type them (upper case),
 * and the database's unique index on `upper(promo_code)` holds the rule under concurrency; this
 * check names the field and the bonus that has it.
 */
async function assertPromoCodeFree(ex: Executor, key: string, code: string | undefined): Promise<void> {
  if (code === undefined) return;
  const [holder] = await ex
    .select({ key: bonuses.key })
    .from(bonuses)
    .where(and(eq(sql`upper(${bonuses.promoCode})`, code.toUpperCase()), ne(bonuses.key, key)))
    .limit(1);
  if (holder)
    throw new ApiError("promoCodeTaken", {
      details: [{ field: "promo_code", message: `already the code of bonus ${holder.key}` }],
    });
}

/**
 * A write that lost a race on a unique index (two staff saving the same new key or code at once)
 * as the refusal the checks before it give; anything else as it was.
 */
function raceRefusal(error: unknown): unknown {
  const db = databaseErrorOf(error);
  if (db?.code !== "23505") return error;
  if (db.message.includes("promo_code"))
    return new ApiError("promoCodeTaken", { details: [{ field: "promo_code", message: "taken" }] });
  return new ApiError("promotionExists", { details: [{ field: "key", message: "taken" }] });
}

/**
 * Creates (`mode: create`, the key must be new) or edits (`mode: edit`, the key must exist) a bonus,
 * and audits before → after in the same transaction.
 */
export async function saveBonus(
  ctx: AppContext,
  actor: AuditActor,
  key: string,
  definition: BonusDefinition,
  mode: "create" | "edit",
): Promise<StoredPromotion> {
  const row = await ctx.db
    .transaction(async (tx) => {
      await lockKey(tx, "bonus", key);
      const before = await bonusRow(tx, key, true);
      if (mode === "create" && before)
        throw new ApiError("promotionExists", { details: [{ field: "key", message: "taken" }] });
      if (mode === "edit" && !before) throw new ApiError("notFound");
      await assertPromoCodeFree(tx, key, definition.promo_code);
      const written = await upsertBonus(ctx, key, definition, tx);
      await recordStaffAction(ctx, tx, actor, {
        action: mode === "create" ? "promotion.bonus_created" : "promotion.bonus_updated",
        targetType: TARGET.bonus,
        targetId: key,
        before: before ? bonusDefinitionOf(before) : null,
        after: bonusDefinitionOf(written),
      });
      return written;
    })
    .catch((e: unknown) => {
      throw raceRefusal(e);
    });
  ctx.runningAmbs.invalidate();
  return { key, definition: bonusDefinitionOf(row), updated_at: row.updatedAt.toISOString() };
}

/** Creates or edits a jackpot, as `saveBonus` does a bonus. */
export async function saveJackpot(
  ctx: AppContext,
  actor: AuditActor,
  key: string,
  definition: JackpotDefinition,
  mode: "create" | "edit",
): Promise<StoredPromotion> {
  await ctx.db
    .transaction(async (tx) => {
      await lockKey(tx, "jackpot", key);
      const before = await jackpotRows(tx, key, true);
      if (mode === "create" && before)
        throw new ApiError("promotionExists", { details: [{ field: "key", message: "taken" }] });
      if (mode === "edit" && !before) throw new ApiError("notFound");
      await writeJackpot(ctx, tx, key, definition);
      const after = await jackpotRows(tx, key);
      await recordStaffAction(ctx, tx, actor, {
        action: mode === "create" ? "promotion.jackpot_created" : "promotion.jackpot_updated",
        targetType: TARGET.jackpot,
        targetId: key,
        before: before ? jackpotDefinitionOf(before.jackpot, before.levels) : null,
        after: after ? jackpotDefinitionOf(after.jackpot, after.levels) : null,
      });
    })
    .catch((e: unknown) => {
      throw raceRefusal(e);
    });
  ctx.jackpots.invalidate();
  return storedJackpot(ctx, key);
}

/**
 * The dates that end a definition now: `valid_to` becomes now, and a start still to come is dropped
 * (it would follow its own end). One that has already ended is left as it is.
 */
function endedDates(
  d: { valid_from?: string | undefined; valid_to?: string | undefined },
  now: Date,
): { valid_from?: string; valid_to: string } | undefined {
  if (d.valid_to && new Date(d.valid_to) <= now) return undefined;
  const from = d.valid_from && new Date(d.valid_from) < now ? d.valid_from : undefined;
  return { ...(from ? { valid_from: from } : {}), valid_to: now.toISOString() };
}

/**
 * Ends a bonus now: players see it expired, sign-up and promo codes issue it no more, and a
 * tournament's prizes are issued by the next housekeeping pass. Ending an ended one changes nothing.
 */
export async function endBonus(ctx: AppContext, actor: AuditActor, key: string): Promise<StoredPromotion> {
  const row = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, "bonus", key);
    const before = await bonusRow(tx, key, true);
    if (!before) throw new ApiError("notFound");
    const stored = bonusDefinitionOf(before) as BonusDefinition;
    const dates = endedDates(stored, ctx.now());
    if (!dates) return before;
    const { valid_from: _from, ...rest } = stored;
    const written = await upsertBonus(ctx, key, { ...rest, ...dates }, tx);
    await recordStaffAction(ctx, tx, actor, {
      action: "promotion.bonus_ended",
      targetType: TARGET.bonus,
      targetId: key,
      before: stored,
      after: bonusDefinitionOf(written),
    });
    return written;
  });
  ctx.runningAmbs.invalidate();
  return { key, definition: bonusDefinitionOf(row), updated_at: row.updatedAt.toISOString() };
}

/** Ends a jackpot now: it takes no more contributions and is no longer listed; its pools are kept. */
export async function endJackpot(ctx: AppContext, actor: AuditActor, key: string): Promise<StoredPromotion> {
  await ctx.db.transaction(async (tx) => {
    await lockKey(tx, "jackpot", key);
    const before = await jackpotRows(tx, key, true);
    if (!before) throw new ApiError("notFound");
    const stored = jackpotDefinitionOf(before.jackpot, before.levels) as JackpotDefinition;
    const dates = endedDates(stored, ctx.now());
    if (!dates) return;
    const { valid_from: _from, ...rest } = stored;
    await writeJackpot(ctx, tx, key, { ...rest, ...dates });
    const after = await jackpotRows(tx, key);
    await recordStaffAction(ctx, tx, actor, {
      action: "promotion.jackpot_ended",
      targetType: TARGET.jackpot,
      targetId: key,
      before: stored,
      after: after ? jackpotDefinitionOf(after.jackpot, after.levels) : null,
    });
  });
  ctx.jackpots.invalidate();
  return storedJackpot(ctx, key);
}
