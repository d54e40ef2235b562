import type { PlacedBet } from "@sportsbook/contracts";
import {
  type BetBonusRecord,
  type bets,
  bonuses,
  competitors,
  type Executor,
  markets,
  matches,
  outcomes,
  betSelections as selectionsTable,
  sports,
} from "@sportsbook/db";
import {
  type BonusType,
  betIdFrom,
  isMarketOpen,
  isMatchAvailable,
  marketIdFrom,
  matchIdFrom,
  outcomeIdFrom,
} from "@sportsbook/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { localText } from "../bonuses/present.js";
import { matchName } from "../catalogue/present.js";
import type { AppContext } from "../context.js";
import { translate } from "../http/i18n.js";
import { type CurrencyInfo, moneyView } from "../wallet/currencies.js";
import { cashoutQuote, type LegState } from "./cashout-value.js";
import type { SelectionState } from "./placement-inputs.js";

type BetRow = typeof bets.$inferSelect;
type SelectionRow = typeof selectionsTable.$inferSelect;

/** What the view of a selection needs beyond its row: names and the current state of its market. */
export interface SelectionView
  extends Pick<
    SelectionState,
    | "matchUrnId"
    | "matchSlug"
    | "matchName"
    | "matchStatus"
    | "startTime"
    | "sportKey"
    | "provider"
    | "marketName"
    | "marketStatus"
    | "outcomeName"
  > {
  row: SelectionRow;
  leg: LegState;
}

export function presentBet(
  ctx: AppContext,
  bet: BetRow,
  selections: SelectionView[],
  table: Map<string, CurrencyInfo>,
  bonusNames?: ReadonlyMap<number, string>,
): PlacedBet {
  const money = (v: number) => moneyView(v, bet.currency, table);
  const toCashout = cashoutQuote(
    ctx,
    bet,
    selections.map((s) => s.leg),
    table,
  );
  return {
    id: betIdFrom(bet.id),
    ref: bet.ref,
    type: bet.type as PlacedBet["type"],
    status: bet.status as PlacedBet["status"],
    result: bet.result as PlacedBet["result"],
    stake: money(bet.stake),
    potential_win: money(bet.potentialWin),
    win_amount: bet.winAmount === null ? null : money(bet.winAmount),
    odds: bet.odds,
    custom_odds: bet.customOdds,
    selections: selections.map((s) => ({
      id: s.row.id,
      status: s.row.status as PlacedBet["selections"][number]["status"],
      odds: s.row.odds,
      specifier: s.row.specifier,
      market: {
        id: marketIdFrom(s.row.marketId),
        name: s.marketName,
        specifier: s.row.specifier,
        status: s.marketStatus,
      },
      outcome: { id: outcomeIdFrom(s.row.outcomeId), name: s.outcomeName },
      match: {
        id: matchIdFrom(s.row.matchId),
        urn_id: s.matchUrnId,
        slug: s.matchSlug,
        name: s.matchName,
        status: s.matchStatus,
        start_time: s.startTime.toISOString(),
        sport_key: s.sportKey,
        provider: s.provider,
      },
    })),
    created_at: bet.createdAt.toISOString(),
    settled_at: bet.settledAt?.toISOString() ?? null,
    to_cashout: toCashout === null ? null : money(toCashout),
    cashed_out: money(bet.cashedOutAmount),
    bonus: bet.bonus ? bonusView(bet.bonus, bonusNames?.get(bet.bonus.id)) : null,
    system:
      bet.systemWinCount !== null && bet.systemTotalCount !== null
        ? {
            id: `${bet.systemWinCount}/${bet.systemTotalCount}`,
            win_count: bet.systemWinCount,
            total_count: bet.systemTotalCount,
          }
        : null,
    used_in_jackpot: bet.usedInJackpot,
    is_vip: bet.isVip,
  };
}

const home = alias(competitors, "home");
const away = alias(competitors, "away");

/** Selections of some bets with names and current market state, grouped by bet id (one query). */
export async function loadSelectionViews(
  ex: Executor,
  betIds: number[],
  locale: string,
): Promise<Map<number, SelectionView[]>> {
  const out = new Map<number, SelectionView[]>();
  if (betIds.length === 0) return out;
  const rows = await ex
    .select({
      sel: selectionsTable,
      match: matches,
      sportKey: sports.key,
      market: markets,
      outcome: outcomes,
      home,
      away,
    })
    .from(selectionsTable)
    .innerJoin(matches, eq(matches.id, selectionsTable.matchId))
    .innerJoin(sports, eq(sports.id, matches.sportId))
    .innerJoin(markets, eq(markets.id, selectionsTable.marketRowId))
    .leftJoin(
      outcomes,
      and(
        eq(outcomes.marketRowId, selectionsTable.marketRowId),
        eq(outcomes.outcomeId, selectionsTable.outcomeId),
      ),
    )
    .leftJoin(home, eq(home.id, matches.homeCompetitorId))
    .leftJoin(away, eq(away.id, matches.awayCompetitorId))
    .where(inArray(selectionsTable.betId, betIds))
    .orderBy(asc(selectionsTable.betId), asc(selectionsTable.position));
  for (const r of rows) {
    const open =
      isMarketOpen(r.market.status) && (r.outcome?.active ?? false) && isMatchAvailable(r.match.status);
    const view: SelectionView = {
      row: r.sel,
      matchUrnId: r.match.urnId,
      matchSlug: r.match.slug,
      matchName: matchName(r.match, r.home, r.away, locale),
      matchStatus: r.match.status,
      startTime: r.match.startTime,
      sportKey: r.sportKey,
      provider: r.match.provider,
      marketName: translate(r.market.name, r.market.translations, locale),
      marketStatus: r.market.status,
      outcomeName: r.outcome ? translate(r.outcome.name, r.outcome.translations, locale) : r.sel.outcomeId,
      leg: {
        acceptedOdds: r.sel.odds,
        currentOdds: open ? (r.outcome?.odds ?? null) : null,
        status: r.sel.status,
        voidFactor: r.sel.voidFactor,
        deadHeatFactor: r.sel.deadHeatFactor,
        result: r.sel.result,
      },
    };
    const list = out.get(r.sel.betId) ?? [];
    list.push(view);
    out.set(r.sel.betId, list);
  }
  return out;
}

function bonusView(record: BetBonusRecord, name: string | undefined): NonNullable<PlacedBet["bonus"]> {
  const view = { id: record.id, type: record.type as BonusType, odds: record.odds };
  return name === undefined ? view : { ...view, name };
}

/** The names, in `locale`, of the bonuses these bets were placed with, by bonus id. */
export async function loadBonusNames(
  db: Executor,
  rows: readonly BetRow[],
  locale: string,
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((b) => (b.bonus ? [b.bonus.id] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: bonuses.id, name: bonuses.name })
    .from(bonuses)
    .where(inArray(bonuses.id, ids));
  return new Map(found.map((b) => [b.id, localText(b.name, locale)]));
}
