import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { players } from "./players.js";

/**
 * Bonuses as the operator defines them (SPEC §3 bonus common and the kind's own fields), kept by
 * the operator's `key`. `terms` holds the kind's conditions (freebet amounts and odds limits,
 * comboboost ranges); texts are per locale.
 */
export const bonuses = pgTable(
  "bonuses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    /** A slip bonus kind: `freebet`, `freebet_no_risk`, …, `comboboost`, `hunting`, `tournament`, `lootbox`; `freebet_amb` (freebets for a number of bets). */
    kind: text("kind").notNull(),
    /** `enabled` or `disabled` (shown as deactivated). */
    status: text("status").notNull().default("enabled"),
    /** Texts per locale: `{ en: "…", de: "…" }`. */
    name: jsonb("name").$type<Record<string, string>>().notNull(),
    description: jsonb("description").$type<Record<string, string>>().notNull().default({}),
    rules: jsonb("rules").$type<Record<string, string>>().notNull().default({}),
    /** The kind's conditions, validated by the contracts' definition schema when written. */
    terms: jsonb("terms").$type<Record<string, unknown>>().notNull().default({}),
    /** How players get it: `sign_up` (every player), `promo_code`, or `manual` (the operator issues it). */
    issuedBy: text("issued_by").notNull(),
    promoCode: text("promo_code"),
    /** Bets it pays for per player; null for no limit. */
    usesCount: integer("uses_count"),
    /** Days a player has to use it once issued; null for as long as the bonus runs. */
    validDays: integer("valid_days"),
    countryCodes: text("country_codes").array().notNull().default(sql`'{}'::text[]`),
    /** SPEC §3 banners: `[{ id, desktop: { url, alt }, mobile?: { url, alt } }]`. */
    banners: jsonb("banners")
      .$type<{ id: string; desktop: { url: string; alt: string }; mobile?: { url: string; alt: string } }[]>()
      .notNull()
      .default([]),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validTo: timestamp("valid_to", { withTimezone: true }),
    /** Tournaments: when its prizes were issued, after it ended. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bonuses_key_key").on(t.key),
    uniqueIndex("bonuses_promo_code_key").on(sql`upper(${t.promoCode})`),
  ],
);

/** A bonus issued to one player: its own amount, activation, expiry and uses. */
export const playerBonuses = pgTable(
  "player_bonuses",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    bonusId: bigint("bonus_id", { mode: "number" })
      .notNull()
      .references(() => bonuses.id, { onDelete: "cascade" }),
    /** Freebets: the stake it pays, in minor units of `currency`. */
    amount: bigint("amount", { mode: "number" }),
    currency: text("currency"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    overriddenAt: timestamp("overridden_at", { withTimezone: true }),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    timesUsed: integer("times_used").notNull().default(0),
    /** Hunting and tournaments: points farmed, the events that farmed them, and when the last came. */
    points: integer("points").notNull().default(0),
    farmedEventIds: text("farmed_event_ids").array().notNull().default(sql`'{}'::text[]`),
    pointsAt: timestamp("points_at", { withTimezone: true }),
    /** Uses granted to this copy when they differ from the bonus's `uses_count` (freebets won by progress). */
    usesGranted: integer("uses_granted"),
    /** Hunting and lootboxes: points spent boosting freebets; `points - spent_points` are available. */
    spentPoints: integer("spent_points").notNull().default(0),
    /** Lootboxes: the place keys opened so far (`1st_place_win`, `2nd_place_lose`, …). */
    placeKeys: text("place_keys").array().notNull().default(sql`'{}'::text[]`),
    /** Freebets: when points multiplied its stake (once). */
    boostedAt: timestamp("boosted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("player_bonuses_player_bonus_key").on(t.playerId, t.bonusId),
    index("player_bonuses_bonus_idx").on(t.bonusId),
  ],
);
