import type { Notification } from "@sportsbook/contracts/http/notifications";
import { limitTypeSchema } from "@sportsbook/contracts/identity";
import { type Currency, formatMoney, isNotificationType, money } from "@sportsbook/domain";

type Translate = (key: string, values?: Record<string, string | number>) => string;

const LIMIT_TYPES: ReadonlySet<string> = new Set(limitTypeSchema.options);

/**
 * A notification in the player's language, worded from its type and params (`t` reads the whole
 * catalogue); one the browser does not know (or one whose amount it cannot format) keeps the API's
 * own words.
 */
export function notificationText(
  n: Notification,
  t: Translate,
  currencies: readonly Currency[],
  locale: string,
): { title: string; body: string } {
  const own = { title: n.title, body: n.body };
  if (!isNotificationType(n.type)) return own;
  if (n.type === "limit_changed") {
    const { limit_type: type, change } = n.params;
    if (typeof type !== "string" || !LIMIT_TYPES.has(type)) return own;
    const values = { limit: t(`limits.type.${type}`) };
    return {
      title: t("notifications.limit_changed.title", values),
      body: t(`notifications.limit_changed.${change === "removed" ? "removed" : "applied"}`, values),
    };
  }
  if (n.type === "bonus_issued") {
    const { name } = n.params;
    if (typeof name !== "string") return own;
    return {
      title: t("notifications.bonus_issued.title"),
      body: t("notifications.bonus_issued.body", { name }),
    };
  }
  const { amount, currency, result } = n.params;
  const unit = currencies.find((c) => c.code === currency);
  if (typeof amount !== "number" || !unit) return own;
  const values = { id: n.object_id ?? "", amount: formatMoney(money(amount, unit.code), unit, locale) };
  const title = t(`notifications.${n.type}.title`, values);
  if (n.type !== "bet_settled") return { title, body: t(`notifications.${n.type}.body`, values) };
  const kind =
    result === "win_entire" ? "won" : result === "lose_entire" ? "lost" : amount > 0 ? "paid" : "settled";
  return { title, body: t(`notifications.bet_settled.${kind}`, values) };
}
