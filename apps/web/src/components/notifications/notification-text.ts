import type { Notification } from "@sportsbook/contracts/http/notifications";
import { type Currency, formatMoney, isNotificationType, money } from "@sportsbook/domain";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A notification in the player's language, worded from its type and params; one the browser does
 * not know (or one whose amount it cannot format) keeps the API's own words.
 */
export function notificationText(
  n: Notification,
  t: Translate,
  currencies: readonly Currency[],
  locale: string,
): { title: string; body: string } {
  const own = { title: n.title, body: n.body };
  if (!isNotificationType(n.type)) return own;
  const { amount, currency, result } = n.params;
  const unit = currencies.find((c) => c.code === currency);
  if (typeof amount !== "number" || !unit) return own;
  const values = { id: n.object_id ?? "", amount: formatMoney(money(amount, unit.code), unit, locale) };
  const title = t(`${n.type}.title`, values);
  if (n.type !== "bet_settled") return { title, body: t(`${n.type}.body`, values) };
  const kind =
    result === "win_entire" ? "won" : result === "lose_entire" ? "lost" : amount > 0 ? "paid" : "settled";
  return { title, body: t(`bet_settled.${kind}`, values) };
}
