"use client";
import { isMarketOpen, isMatchAvailable, type MarketId } from "@sportsbook/domain";
import { memo, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLiveStore } from "../../live/LiveStoreContext";
import { marketKey, outcomeKey, providerKey } from "../../live/live-store";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { JumpToStake } from "../ticket/JumpToStake";
import type { MatchPick } from "../ticket/pick";
import { useIsSelected, useTicket } from "../ticket/TicketContext";
import { PriceButton } from "./PriceButton";

export interface OutcomeCellProps {
  matchId: string;
  marketId: string;
  outcomeId: string;
  name: string;
  /** A short column label (1 / X / 2) shown instead of the name where cells are narrow. */
  label?: string;
  odds: number;
  active: boolean;
  marketStatus: number;
  matchStatus: number;
  /** What the slip needs of this price; without it the cell only shows the price. */
  pick?: { match: MatchPick; marketId: MarketId; specifier: string; marketName: string };
  /** Name above price, as in a market's box. */
  stacked?: boolean;
}

/** How long a changed price keeps its up or down arrow. */
export const TREND_MARK_MS = 4000;
/** How long a changed price is highlighted in its direction's colour. */
export const FLASH_MS = 900;

/**
 * One price button. It subscribes to its own outcome and market in the live store, so an odds
 * change re-renders this cell only; a change flashes up or down.
 */
export const OutcomeCell = memo(function OutcomeCell(p: OutcomeCellProps) {
  const store = useLiveStore();
  const { format } = useOddsFormat();
  const ok = outcomeKey(p.matchId, p.marketId, p.outcomeId);
  const mk = marketKey(p.matchId, p.marketId);
  const outcome = useSyncExternalStore(
    (l) => {
      // What the server rendered is the store's starting point, so the first live update of a
      // market notifies only the cells it changes.
      store.seedOutcome(ok, { odds: p.odds, active: p.active });
      store.seedMarket(mk, { status: p.marketStatus });
      store.seedMatch(p.matchId, { status: p.matchStatus });
      return store.subscribe(ok, l);
    },
    () => store.outcome(ok),
    () => undefined,
  );
  const market = useSyncExternalStore(
    (l) => store.subscribe(mk, l),
    () => store.market(mk),
    () => undefined,
  );
  const match = useSyncExternalStore(
    (l) => store.subscribe(p.matchId, l),
    () => store.match(p.matchId)?.status,
    () => undefined,
  );
  const provider = p.pick?.match.provider;
  const providerUp = useSyncExternalStore(
    (l) => (provider ? store.subscribe(providerKey(provider), l) : () => {}),
    () => (provider ? store.providerUp(provider) : undefined),
    () => undefined,
  );
  const odds = outcome?.odds ?? p.odds;
  const active = outcome?.active ?? p.active;
  const status = market?.status ?? p.marketStatus;
  // SPEC §4: a suspended market, an inactive outcome, an unavailable match or a provider that is
  // down cannot be bet on.
  const suspended =
    !isMarketOpen(status) || !active || !isMatchAvailable(match ?? p.matchStatus) || providerUp === false;
  const ticket = useTicket();
  const selected = useIsSelected(ok);
  const ref = useRef<HTMLButtonElement>(null);
  const last = useRef(odds);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || last.current === odds) return;
    const trend = odds > last.current ? "up" : "down";
    last.current = odds;
    // The arrow (drawn by CSS from data-trend) says the direction without colour and stays a
    // little longer than the highlight (data-flash). The highlight is held, not faded: a fade is
    // restyled on every frame for every flashing cell, and with hundreds of live prices that took
    // the page's whole main thread and delayed every price behind it.
    el.dataset.trend = trend;
    el.dataset.flash = trend;
    const unflash = setTimeout(() => delete el.dataset.flash, FLASH_MS);
    const clear = setTimeout(() => delete el.dataset.trend, TREND_MARK_MS);
    return () => {
      clearTimeout(unflash);
      clearTimeout(clear);
    };
  }, [odds]);
  // a keyboard player who just added this price is offered the way to the stake next
  const [jump, setJump] = useState(false);
  return (
    <>
      <PriceButton
        ref={ref}
        name={p.label ?? p.name}
        nameTitle={p.label ? p.name : undefined}
        value={suspended ? <LockIcon /> : displayOdds(odds, format)}
        odds={odds}
        stacked={p.stacked}
        data-outcome={p.outcomeId}
        data-suspended={suspended || undefined}
        data-selected={selected || undefined}
        aria-pressed={p.pick ? selected : undefined}
        // A selected price stays operable while suspended, so it can come off the slip.
        disabled={suspended && !selected}
        onClick={
          p.pick
            ? (event) => {
                const pick = p.pick;
                if (!pick) return;
                // a click with no pointer behind it (detail 0) came from the keyboard
                setJump(event.detail === 0 && !selected);
                ticket.toggle({
                  ...pick.match,
                  matchStatus: match ?? p.matchStatus,
                  marketId: pick.marketId,
                  specifier: pick.specifier,
                  marketName: pick.marketName,
                  outcomeId: p.outcomeId,
                  outcomeName: p.name,
                  odds,
                });
              }
            : undefined
        }
        aria-label={`${p.name} ${suspended ? "—" : displayOdds(odds, format)}`}
      />
      {jump && selected ? <JumpToStake onDone={() => setJump(false)} /> : null}
    </>
  );
});

function LockIcon() {
  return (
    <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true" focusable="false">
      <rect x="1" y="6" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M3 6V4a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
