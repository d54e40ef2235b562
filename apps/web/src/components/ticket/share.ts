import { shareCodeCreatedSchema, shareCodeResponseSchema } from "@sportsbook/contracts/http/bets";
import { marketsResponseSchema, matchesResponseSchema } from "@sportsbook/contracts/http/catalogue";
import type { RestoreFailure, SlipSelection, StoredTicketBet, TicketBet } from "@sportsbook/domain";
import { isMarketOpen } from "@sportsbook/domain";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { reportFailure } from "../../lib/error-reporter";
import { matchPickOf } from "./pick";
import { betInput } from "./ticket-api";
import { SHARE_PARAM } from "./ticket-keys";
import { selectionFromPick } from "./ticket-store";

/** Stores the slip's bets under a code (SPEC §7 POST /bets/share-code); answers the link to share. */
export async function shareSlip(
  bets: readonly TicketBet[],
  location: Pick<Location, "origin" | "pathname">,
): Promise<string> {
  const res = await apiFetch("/bets/share-code", {
    method: "POST",
    ...jsonBody({
      bets: bets.map((b) => {
        const { type, selections, system_id } = betInput(b);
        return { type, selections, ...(system_id ? { system_id } : {}) };
      }),
    }),
  });
  if (!res.ok) throw new Error(`POST /bets/share-code answered ${res.status}`);
  const { code } = shareCodeCreatedSchema.parse(await res.json()).data;
  return `${location.origin}${location.pathname}?${SHARE_PARAM}=${encodeURIComponent(code)}`;
}

export type SharedSlip = { ok: true; bets: StoredTicketBet[] } | { ok: false; reason: RestoreFailure };

/**
 * The slip behind a code, rebuilt with today's names and prices (GET /bets/share-code, then the
 * matches and markets it names): not found, empty, or failed are told apart for SPEC §8's modals.
 */
export async function loadSharedSlip(code: string, locale: string, currency: string): Promise<SharedSlip> {
  try {
    const res = await apiFetch(`/bets/share-code?${new URLSearchParams({ code })}`, { locale });
    if (res.status === 404 || res.status === 400) return { ok: false, reason: "share_not_found" };
    if (!res.ok) return { ok: false, reason: "share_failed" };
    const shared = shareCodeResponseSchema.parse(await res.json()).data.bets;
    const selections = new Map<string, SlipSelection>();
    const matchIds = [...new Set(shared.flatMap((b) => b.selections.map((s) => s.match_id)))];
    for (const id of matchIds) {
      const [matchRes, marketsRes] = await Promise.all([
        apiFetch(`/matches?id=${id}&limit=1`, { locale }),
        apiFetch(`/matches/${id}/markets?limit=500`, { locale }),
      ]);
      if (!matchRes.ok || !marketsRes.ok) continue;
      const match = matchesResponseSchema.parse(await matchRes.json()).data[0];
      const markets = marketsResponseSchema.parse(await marketsRes.json()).data;
      if (!match) continue;
      for (const s of shared.flatMap((b) => b.selections).filter((x) => x.match_id === id)) {
        const market = markets.find((m) => m.id === s.market_id && m.specifier === s.specifier);
        const outcome = market?.outcomes.find((o) => o.id === s.outcome_id);
        if (!market || !outcome) continue;
        const selection = selectionFromPick({
          ...matchPickOf(match),
          matchStatus: match.status,
          marketId: market.id,
          specifier: market.specifier,
          marketName: market.name,
          outcomeId: outcome.id,
          outcomeName: outcome.name,
          odds: outcome.odds,
        });
        selections.set(`${id}/${s.market_id}/${s.specifier}/${s.outcome_id}`, {
          ...selection,
          isSuspended: !outcome.active || !isMarketOpen(market.status),
        });
      }
    }
    const bets = shared.flatMap((b): StoredTicketBet[] => {
      const found = b.selections.flatMap((s) => {
        const sel = selections.get(`${s.match_id}/${s.market_id}/${s.specifier}/${s.outcome_id}`);
        return sel ? [sel] : [];
      });
      if (found.length === 0) return [];
      const [win, total] = (b.system_id ?? "").split("/").map(Number);
      return [
        {
          betType: b.type,
          selections: found,
          stake: 0,
          currency,
          stakeSource: "sharing",
          freebetStake: 0,
          availableBonuses: [],
          ...(b.type === "system" && win && total
            ? { systemType: { winCount: win, totalCount: total } }
            : {}),
        },
      ];
    });
    return { ok: true, bets };
  } catch (e) {
    reportFailure("restoring a shared slip", e);
    return { ok: false, reason: "share_failed" };
  }
}
