import { placedBetLine } from "./placed-bet";
import type { TicketStore } from "./ticket-store";

export interface SlipNotice {
  kind: "success" | "danger";
  title: string;
  description?: string;
}

export interface PlacementNotices {
  locale: string;
  notify(notice: SlipNotice): void;
  translate(key: string, values?: Record<string, string | number>): string;
  /** Whether the slip stands docked beside the page, where the panel tells its own placements. */
  isDocked(): boolean;
}

/**
 * Placements told in alerts where the panel cannot tell them: a quick bet is placed with one click
 * wherever the panel is, and below the docked width the sheet closes with the placed slip.
 * Answers how to stop.
 */
export function followPlacements(store: TicketStore, o: PlacementNotices): () => void {
  let last = store.get();
  return store.subscribe(() => {
    const s = store.get();
    const before = last;
    last = s;
    const t = o.translate;
    const q = s.quickBet;
    if (q.state !== before.quickBet.state) {
      if (q.state === "success") o.notify({ kind: "success", title: t("slip.quick.placed") });
      else if (q.state === "error" && q.error) {
        const message = q.error.startsWith("error.") ? t(q.error) : q.error;
        o.notify({ kind: "danger", title: t("slip.quick.failed"), description: message });
      }
    }
    if (s.ticketState !== before.ticketState && s.ticketState === "SUCCESS" && !o.isDocked())
      o.notify({
        kind: "success",
        title: t("slip.placed", { count: s.placedBets.length }),
        description: s.placedBets
          .map((b) => placedBetLine(b, t(`slip.type.${b.betType}`), s.config.currency, o.locale))
          .join(", "),
      });
  });
}
