import type { PlayerDetail } from "@sportsbook/contracts";
import { type Currency, ODDS_SCALE } from "@sportsbook/domain";
import { useState } from "react";
import { boFetch } from "./api";
import { formatMinor, STAFF_LOCALE } from "./money";

/** A moment of the player page, or a dash for one that has not come. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(STAFF_LOCALE) : "—");
/** Odds as a player reads them. */
export const odds = (v: number) => (v / ODDS_SCALE).toFixed(2);

/** An amount of the player page in its currency's format. */
export const moneyOf = (d: PlayerDetail) => (amount: number, currency: string) =>
  formatMinor(amount, currency, d.currencies);

/** The player's own currency, as the answer describes it (two decimals when it does not). */
export function playerCurrency(d: PlayerDetail): Currency {
  return (
    d.currencies.find((c) => c.code === d.player.currency) ?? {
      code: d.player.currency,
      subunits: 2,
      fiat: true,
    }
  );
}

/** What the page's actions share: one message about the last of them, and a fresh read after each. */
export interface PlayerActions {
  /** The player's address on the API. */
  base: string;
  /** Runs `work`, tells what it answers (or why it failed) and reads the player again. */
  act(work: () => Promise<string>): Promise<void>;
  /** Posts `body` to the player's `path`, telling `done` when it went through. */
  post(path: string, body: unknown, done: string): Promise<void>;
  /** Tells a problem found before anything was sent. */
  fail(text: string): void;
}

export function usePlayerActions(playerId: number, reload: () => void) {
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const act = async (work: () => Promise<string>) => {
    setMessage(undefined);
    try {
      setMessage({ ok: true, text: await work() });
      reload();
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  const base = `/players/${playerId}`;
  const actions: PlayerActions = {
    base,
    act,
    post: (path, body, done) =>
      act(async () => {
        await boFetch(`${base}${path}`, { method: "POST", body });
        return done;
      }),
    fail: (text) => setMessage({ ok: false, text }),
  };
  return { message, actions };
}
