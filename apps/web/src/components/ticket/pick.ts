import { idText, type MarketId, type MatchId } from "@sportsbook/domain";
import { marketIdKey, outcomeKey } from "../../live/live-store";

/**
 * What a price cell knows of its outcome beyond the price: enough to put it on the slip and to send
 * it to the API. Server components pass it down as plain data.
 */
export interface OutcomePick {
  matchId: string;
  matchUrnId: string;
  matchSlug: string;
  matchStatus: number;
  /** The market's numeric id, as the API knows it. */
  marketId: MarketId;
  specifier: string;
  marketName: string;
  outcomeId: string;
  outcomeName: string;
  odds: number;
  provider: string;
  sportKey: string;
  nameA: string;
  nameB: string;
  categoryName: string;
}

/** The slip's id of an outcome: the live store's key of it, so one id names it everywhere. */
export function pickId(p: OutcomePick): string {
  return outcomeKey(p.matchId, marketIdKey(p.marketId, p.specifier), p.outcomeId);
}

/** The match-level part of a pick, shared by every price of one match. */
export type MatchPick = Pick<
  OutcomePick,
  "matchId" | "matchUrnId" | "matchSlug" | "provider" | "sportKey" | "nameA" | "nameB" | "categoryName"
>;

/** The match-level pick of a catalogue match. */
export function matchPickOf(m: {
  id: MatchId;
  urn_id: string;
  slug: string;
  name: string;
  provider: string;
  sport: { key: string };
  category: { name: string };
  competitors: { home: { name: string } | null; away: { name: string } | null };
}): MatchPick {
  return {
    matchId: idText(m.id),
    matchUrnId: m.urn_id,
    matchSlug: `${m.slug}-${m.id}`,
    provider: m.provider,
    sportKey: m.sport.key,
    nameA: m.competitors.home?.name ?? m.name,
    nameB: m.competitors.away?.name ?? "",
    categoryName: m.category.name,
  };
}
