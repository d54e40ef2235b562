import type { AmbProgress } from "@sportsbook/contracts/http/bonuses";
import {
  effectiveStake,
  type SlipBonus,
  stakeFromBonus,
  type TicketBet,
  totalOdds,
} from "@sportsbook/domain";
import { slipBonusKey } from "./slip-bonuses";
import { followSlip, type SlipClock } from "./slip-follow";
import type { TicketStore } from "./ticket-store";

/** A bet as `POST /jackpots` weighs it: what it stakes, at what odds, and whether a freebet pays. */
export interface PlayedBet {
  stake: { value: number; currency: string };
  odds: number;
  freebet: boolean;
}

/** The server reads the signed-in slip follows (SPEC §4 bonus selection, §5 limits, §6 ambs, §7). */
export interface SlipReadFetchers {
  bonuses(bets: readonly TicketBet[], locale: string): Promise<SlipBonus[][]>;
  jackpots(bets: readonly PlayedBet[], locale: string): Promise<string[][]>;
  maxStakes(bets: readonly TicketBet[], locale: string): Promise<number[]>;
  ambs(bets: readonly TicketBet[], locale: string): Promise<AmbProgress[]>;
}

export interface SlipReadOptions {
  store: TicketStore;
  fetchers: SlipReadFetchers;
  locale: string;
  clock: SlipClock;
  debounceMs: number;
  ambProgressBar: boolean;
  report(reason: string, cause?: unknown): void;
}

/** The reads that follow a signed-in slip; `rereadBonuses` answers a change of the player's bonuses. */
export interface SlipReads {
  rereadBonuses(): void;
  stop(): void;
}

function played(bets: readonly TicketBet[]): PlayedBet[] {
  return bets.map((b) => ({
    stake: { value: effectiveStake(b), currency: b.currency },
    odds: totalOdds(
      b.selections.map((s) => s.odds),
      { custom: b.customOdds },
    ),
    freebet: b.bonus !== undefined && stakeFromBonus(b.bonus.bonusType),
  }));
}

// A bet a freebet pays, or without a stake, takes no amb further, so it is not sent.
function ambCounted(bets: readonly TicketBet[]): TicketBet[] {
  return bets.filter((b) => effectiveStake(b) > 0 && !(b.bonus && stakeFromBonus(b.bonus.bonusType)));
}

/**
 * The bonuses each bet may use, read whenever the slip's bets change or a bet is placed (it may have
 * spent its freebet), and on demand. Not debounced: stakes do not change what is offered. An answer
 * overtaken by a later ask, or for bets the slip no longer holds, is dropped.
 */
function followBonuses(o: SlipReadOptions): SlipReads {
  const { store } = o;
  let stopped = false;
  let asked = 0;
  let key: string | null = null;
  const keyOf = () =>
    `${slipBonusKey(store.get().bets)}#${store
      .get()
      .placedBets.map((b) => b.betId)
      .join(",")}`;
  const read = () => {
    const bets = store.get().bets;
    if (bets.length === 0) return;
    const ask = ++asked;
    const sent = slipBonusKey(bets);
    o.fetchers
      .bonuses(bets, o.locale)
      .then((offered) => {
        if (stopped || ask !== asked || slipBonusKey(store.get().bets) !== sent) return;
        for (const [betIndex, bonuses] of offered.entries())
          store.dispatch({ type: "availableBonusesChanged", betIndex, bonuses });
      })
      .catch((e: unknown) => o.report("reading the bonuses failed", e));
  };
  const follow = () => {
    const next = keyOf();
    if (next === key) return;
    key = next;
    read();
  };
  follow();
  const unsubscribe = store.subscribe(follow);
  return {
    rereadBonuses: () => {
      if (!stopped) read();
    },
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

/** Jackpots (SPEC §7 POST /jackpots), maximum stakes (§5) and amb progress (§6), once the slip rests. */
function followDebounced(o: SlipReadOptions): (() => void)[] {
  const { store, fetchers, locale } = o;
  const debounced = <T>(snapshot: () => T, read: (sent: T, stillCurrent: () => boolean) => void) =>
    followSlip(store, snapshot, read, o.debounceMs, o.clock);
  const stops = [
    debounced(
      () => played(store.get().bets),
      (sent, stillCurrent) => {
        if (sent.length === 0) return;
        fetchers
          .jackpots(sent, locale)
          .then((ids) => {
            if (!stillCurrent()) return;
            for (const [betIndex, jackpots] of ids.entries())
              store.dispatch({ type: "jackpotsChanged", betIndex, jackpots });
          })
          .catch((e: unknown) => o.report("reading the jackpots failed", e));
      },
    ),
    // A bet's maximum follows its selections, prices and type, so placing above it is disabled first.
    debounced(
      () =>
        store
          .get()
          .bets.map((b) => [slipBonusKey([b]), b.systemType?.winCount ?? 0, b.selections.map((s) => s.odds)]),
      (_sent, stillCurrent) => {
        const bets = store.get().bets;
        store.setMaxStakes(undefined);
        if (bets.length === 0) return;
        fetchers
          .maxStakes(bets, locale)
          .then((most) => {
            if (stillCurrent()) store.setMaxStakes(most);
          })
          .catch((e: unknown) => o.report("reading the maximum stakes failed", e));
      },
    ),
  ];
  if (o.ambProgressBar)
    stops.push(
      debounced(
        () => ambCounted(store.get().bets).map((b) => [slipBonusKey([b]), effectiveStake(b)]),
        (_sent, stillCurrent) => {
          if (store.get().bets.length === 0) return;
          fetchers
            .ambs(ambCounted(store.get().bets), locale)
            .then((ambs) => {
              if (stillCurrent()) store.setAmbs(ambs);
            })
            .catch((e: unknown) => o.report("reading the amb progress failed", e));
        },
      ),
    );
  return stops;
}

/** Starts every read a signed-in slip follows; the returned handle stops them all. */
export function followSignedInSlip(o: SlipReadOptions): SlipReads {
  const bonuses = followBonuses(o);
  const others = followDebounced(o);
  return {
    rereadBonuses: bonuses.rereadBonuses,
    stop: () => {
      bonuses.stop();
      for (const stop of others) stop();
    },
  };
}

/** Signed out, no bet keeps the bonuses it was offered as a player. */
export function dropOfferedBonuses(store: TicketStore): void {
  store.get().bets.forEach((b, betIndex) => {
    if (b.availableBonuses.length > 0 || b.bonus)
      store.dispatch({ type: "availableBonusesChanged", betIndex, bonuses: [] });
  });
}
