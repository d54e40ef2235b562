import type { BONUS_KINDS } from "@sportsbook/domain";

/**
 * The promotions desk's form state and its translation to and from a definition (the document of
 * the seed file and `PUT /operator/…`). Validation is the server's, by the contracts' schemas; the
 * form only refuses what it cannot send at all (JSON that does not parse, a number that is not one).
 */

export type BonusKind = (typeof BONUS_KINDS)[number];
export type TextField = "name" | "description" | "rules";
/** Texts per locale, as typed. */
export type Texts = Record<TextField, Record<string, string>>;

export interface BonusDraft {
  kind: BonusKind;
  status: string;
  texts: Texts;
  issued_by: string;
  promo_code: string;
  uses_count: string;
  valid_days: string;
  valid_from: string;
  valid_to: string;
  country_codes: string;
  banners: string;
  terms: string;
}

export interface JackpotDraft {
  status: string;
  name: Record<string, string>;
  currency: string;
  contribution_bp: string;
  min_stake: string;
  min_odds: string;
  valid_from: string;
  valid_to: string;
  levels: string;
}

/** Field → message, named as the API names a definition's fields (`name.en`, `terms.amounts`, `promo_code`). */
export type FieldErrors = Record<string, string>;

export type Built = { ok: true; definition: Record<string, unknown> } | { ok: false; errors: FieldErrors };

/** A starting point for each kind's terms (docs/bonuses.md), to be edited. */
export const TERMS_TEMPLATES: Record<BonusKind, Record<string, unknown>> = {
  freebet: { amounts: { EUR: 500 }, min_odds: 1500, match_status: "all" },
  freebet_no_risk: { amounts: { EUR: 500 }, min_odds: 1500, match_status: "all" },
  freebet_all_win: { amounts: { EUR: 500 }, min_odds: 1500, match_status: "all" },
  freebet_only_win: { amounts: { EUR: 500 }, min_odds: 1500, match_status: "all" },
  comboboost: {
    min_odds: 1300,
    ranges: [{ min_count: 3, max_count: 4, bonus_odds: 1050 }],
    only_verified: false,
  },
  hunting: { stake_unit: { EUR: 100 }, min_odds: 1500, target_points: 50, reward_bonus: "" },
  tournament: {
    stake_unit: { EUR: 100 },
    min_odds: 1500,
    reward_bonus: "",
    prizes: [{ position_from: 1, position_to: 1, amounts: { EUR: 5000 } }],
  },
  lootbox: {
    stake_unit: { EUR: 100 },
    min_odds: 1500,
    places: [{ points: 10, chance_bp: 10000, reward_bonus: "" }],
  },
  freebet_amb: {
    stake_currency: "EUR",
    min_stake: 100,
    min_odds: 1500,
    ranges: [{ number_of_bets: 2, number_of_freebets: 1 }],
    reward_bonus: "",
  },
};

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function emptyBonusDraft(): BonusDraft {
  return {
    kind: "freebet",
    status: "enabled",
    texts: { name: {}, description: {}, rules: {} },
    issued_by: "sign_up",
    promo_code: "",
    uses_count: "1",
    valid_days: "",
    valid_from: "",
    valid_to: "",
    country_codes: "",
    banners: "[]",
    terms: json(TERMS_TEMPLATES.freebet),
  };
}

export function emptyJackpotDraft(): JackpotDraft {
  return {
    status: "enabled",
    name: {},
    currency: "EUR",
    contribution_bp: "100",
    min_stake: "0",
    min_odds: "",
    valid_from: "",
    valid_to: "",
    levels: json([{ code: "mini", name: { en: "Mini" }, share_bp: 10000, seed_amount: 500, drop_at: 5000 }]),
  };
}

/** An instant as a `datetime-local` input shows it, in UTC (`2026-12-01T00:00`). */
export function toLocalInput(iso: unknown): string {
  return typeof iso === "string" && iso.length >= 16 ? new Date(iso).toISOString().slice(0, 16) : "";
}

/** A `datetime-local` value read as UTC; absent when empty. */
export function fromLocalInput(value: string): string | undefined {
  return value.trim() === "" ? undefined : `${value.trim()}:00.000Z`;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" ? String(v) : "");
const textsOf = (v: unknown): Record<string, string> =>
  v && typeof v === "object" ? { ...(v as Record<string, string>) } : {};

/** The form of a stored bonus definition. */
export function bonusDraftOf(d: Record<string, unknown>): BonusDraft {
  return {
    kind: str(d.kind) as BonusKind,
    status: str(d.status) || "enabled",
    texts: { name: textsOf(d.name), description: textsOf(d.description), rules: textsOf(d.rules) },
    issued_by: str(d.issued_by),
    promo_code: str(d.promo_code),
    uses_count: num(d.uses_count),
    valid_days: num(d.valid_days),
    valid_from: toLocalInput(d.valid_from),
    valid_to: toLocalInput(d.valid_to),
    country_codes: Array.isArray(d.country_codes) ? d.country_codes.join(", ") : "",
    banners: json(d.banners ?? []),
    terms: json(d.terms ?? {}),
  };
}

/** The form of a stored jackpot definition. */
export function jackpotDraftOf(d: Record<string, unknown>): JackpotDraft {
  return {
    status: str(d.status) || "enabled",
    name: textsOf(d.name),
    currency: str(d.currency),
    contribution_bp: num(d.contribution_bp),
    min_stake: num(d.min_stake),
    min_odds: num(d.min_odds),
    valid_from: toLocalInput(d.valid_from),
    valid_to: toLocalInput(d.valid_to),
    levels: json(d.levels ?? []),
  };
}

/** Texts without the languages left empty: an empty one would hide the English fallback. */
function filled(texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts)
      .map(([locale, text]) => [locale, text.trim()] as const)
      .filter(([, text]) => text !== ""),
  );
}

/** Reads the parts of a draft the form must parse itself, collecting what does not parse. */
class Reader {
  readonly errors: FieldErrors = {};
  constructor(private readonly messages: { notJson: string; notNumber: string }) {}

  json(field: string, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      this.errors[field] = this.messages.notJson;
      return undefined;
    }
  }

  /** A whole number, absent when empty. */
  int(field: string, text: string): number | undefined {
    const t = text.trim();
    if (t === "") return undefined;
    if (!/^-?\d+$/.test(t)) {
      this.errors[field] = this.messages.notNumber;
      return undefined;
    }
    return Number(t);
  }

  done(definition: Record<string, unknown>): Built {
    if (Object.keys(this.errors).length > 0) return { ok: false, errors: this.errors };
    return {
      ok: true,
      definition: Object.fromEntries(Object.entries(definition).filter(([, v]) => v !== undefined)),
    };
  }
}

/** The definition a bonus draft sends. */
export function bonusDefinitionOf(
  draft: BonusDraft,
  messages: { notJson: string; notNumber: string },
): Built {
  const r = new Reader(messages);
  const description = filled(draft.texts.description);
  const rules = filled(draft.texts.rules);
  const code = draft.promo_code.trim();
  return r.done({
    kind: draft.kind,
    status: draft.status,
    name: filled(draft.texts.name),
    description: Object.keys(description).length > 0 ? description : undefined,
    rules: Object.keys(rules).length > 0 ? rules : undefined,
    issued_by: draft.issued_by,
    promo_code: code === "" ? undefined : code,
    uses_count: r.int("uses_count", draft.uses_count),
    valid_days: r.int("valid_days", draft.valid_days),
    valid_from: fromLocalInput(draft.valid_from),
    valid_to: fromLocalInput(draft.valid_to),
    country_codes: draft.country_codes
      .split(",")
      .map((c) => c.trim().toUpperCase())
      .filter((c) => c !== ""),
    banners: r.json("banners", draft.banners),
    terms: r.json("terms", draft.terms),
  });
}

/** The definition a jackpot draft sends. */
export function jackpotDefinitionOf(
  draft: JackpotDraft,
  messages: { notJson: string; notNumber: string },
): Built {
  const r = new Reader(messages);
  return r.done({
    status: draft.status,
    name: filled(draft.name),
    currency: draft.currency.trim().toUpperCase(),
    contribution_bp: r.int("contribution_bp", draft.contribution_bp),
    min_stake: r.int("min_stake", draft.min_stake),
    min_odds: r.int("min_odds", draft.min_odds),
    valid_from: fromLocalInput(draft.valid_from),
    valid_to: fromLocalInput(draft.valid_to),
    levels: r.json("levels", draft.levels),
  });
}

/**
 * The API's refusal per field of the definition: `body.definition.name.en` (create) and
 * `body.name.en` (edit) both become `name.en`.
 */
export function fieldErrorsOf(details: readonly { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const d of details) {
    const field = d.field.replace(/^body\./, "").replace(/^definition\./, "");
    errors[field] = errors[field] ? `${errors[field]}; ${d.message}` : d.message;
  }
  return errors;
}

/**
 * The messages to show beside one input: those of its field and of fields within it (`terms`
 * shows `terms.amounts`), so a message about a JSON block's inside lands on that block.
 */
export function errorsFor(errors: FieldErrors, field: string): string | undefined {
  const found = Object.entries(errors)
    .filter(([f]) => f === field || f.startsWith(`${field}.`))
    .map(([f, m]) => (f === field ? m : `${f.slice(field.length + 1)}: ${m}`));
  return found.length > 0 ? found.join("; ") : undefined;
}
