import { type BetType, effectiveStake, type TicketBet, ticketLabel } from "@sportsbook/domain";

/** SPEC §7 analytics events of the slip. */
export type SlipAnalyticsEvent =
  | { event: "outcome_add_click"; outcomeId: string; matchId: string }
  | { event: "outcome_delete_click"; outcomeId: string; matchId: string }
  | {
      event: "purchase";
      transactionId: string;
      contentIds: string[];
      /** Total stake in minor units. */
      amount: number;
      currency: string;
      /** singles, doubles, trebles, accumulator or the system's name. */
      label: string;
    };

/** Where events go; nothing at all unless the host page set one up. */
export type AnalyticsSink = (event: SlipAnalyticsEvent) => void;

/**
 * The page's analytics adapter: events are pushed to `window.dataLayer` (the tag-manager
 * convention) when the operator's page defines it, and dropped otherwise.
 */
export function pageAnalytics(
  target: { dataLayer?: unknown } = window as { dataLayer?: unknown },
): AnalyticsSink {
  return (event) => {
    const layer = target.dataLayer;
    if (Array.isArray(layer)) layer.push(event);
  };
}

/** The purchase event of placed bets (one per placement, all bets of the slip together). */
export function purchaseEvent(bets: readonly TicketBet[], betIds: readonly string[]): SlipAnalyticsEvent {
  const first = bets[0];
  const type: BetType = first?.betType ?? "single";
  const count = bets.reduce((n, b) => n + b.selections.length, 0);
  return {
    event: "purchase",
    transactionId: betIds.join(","),
    contentIds: bets.flatMap((b) => b.selections.map((s) => s.outcomeId)),
    amount: bets.reduce((n, b) => n + effectiveStake(b), 0),
    currency: first?.currency ?? "",
    label: ticketLabel(type, type === "single" ? bets.length : count, first?.systemType),
  };
}
