import { LIMIT_KIND, type LimitPeriod, type LimitType, type SetLimitBody } from "@sportsbook/contracts";

/** Rolling windows of the periods; a month is 30 days. */
export const PERIOD_SECONDS: Record<LimitPeriod, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
  quarter: 91 * 86_400,
  half_year: 182 * 86_400,
  year: 365 * 86_400,
};

export function periodOf(seconds: number | null): LimitPeriod | null {
  if (seconds === null) return null;
  const found = (Object.entries(PERIOD_SECONDS) as [LimitPeriod, number][]).find(([, s]) => s === seconds);
  return found?.[0] ?? null;
}

/** A limit's terms, as stored. */
export interface LimitTerms {
  type: LimitType;
  value: number | null;
  periodSeconds: number | null;
  currency: string | null;
}

type FieldError = { field: string; message: string };

const SHORT_PERIODS: LimitPeriod[] = ["day", "week", "month"];

/** Checks a requested limit against its type's rules; returns the field errors (empty when valid). */
export function validateLimitRequest(body: SetLimitBody): FieldError[] {
  const kind = LIMIT_KIND[body.type];
  const errors: FieldError[] = [];
  const needValue = kind !== "exclusion";
  const needPeriod = kind === "money_period" || kind === "time_period" || kind === "exclusion";
  if (needValue && body.value === undefined)
    errors.push({ field: "body.value", message: "required for this limit type" });
  if (!needValue && body.value !== undefined)
    errors.push({ field: "body.value", message: "not used by this limit type" });
  if (needPeriod && body.period === undefined)
    errors.push({ field: "body.period", message: "required for this limit type" });
  if (!needPeriod && body.period !== undefined)
    errors.push({ field: "body.period", message: "not used by this limit type" });
  if (body.period && kind !== "exclusion" && !SHORT_PERIODS.includes(body.period)) {
    errors.push({ field: "body.period", message: "must be day, week or month" });
  }
  const isMoney = kind === "money_period" || kind === "money_bet";
  if (!isMoney && body.currency !== undefined)
    errors.push({ field: "body.currency", message: "not used by this limit type" });
  if ((kind === "duration" || kind === "time_period") && body.value !== undefined && body.value < 60) {
    errors.push({ field: "body.value", message: "at least 60 seconds" });
  }
  if (
    kind === "time_period" &&
    body.value !== undefined &&
    body.period &&
    body.value > PERIOD_SECONDS[body.period]
  ) {
    errors.push({ field: "body.value", message: "longer than its period" });
  }
  if (kind === "duration" && body.value !== undefined && body.value > 86_400) {
    errors.push({ field: "body.value", message: "at most 86400 seconds" });
  }
  return errors;
}

/**
 * True when `next` protects the player at least as much as `current`: a lower or equal amount over
 * an equal or longer window (or, for exclusions, an end no earlier). Such a change applies at once;
 * anything else waits for the cooling-off period and a confirmation.
 */
export function isStricter(
  current: LimitTerms & { endsAt: Date | null },
  next: LimitTerms,
  now: Date,
): boolean {
  if (LIMIT_KIND[next.type] === "exclusion") {
    const nextEnd = now.getTime() + (next.periodSeconds ?? 0) * 1000;
    return current.endsAt === null || nextEnd >= current.endsAt.getTime();
  }
  if (current.currency !== next.currency) return false;
  if (current.value === null || next.value === null) return false;
  return next.value <= current.value && (next.periodSeconds ?? 0) >= (current.periodSeconds ?? 0);
}
