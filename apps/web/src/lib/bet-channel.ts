import type { BetChannel } from "@sportsbook/contracts/http/bets";

/**
 * Where the page runs, for the bets it places (the reports' channel breakdown): `embedded` inside
 * any frame (a host platform's), `direct` as the top page. A cross-origin parent makes `top`
 * unreadable in some browsers: that is a frame too.
 */
export function betChannel(win: Pick<Window, "self" | "top"> = window): BetChannel {
  try {
    return win.self !== win.top ? "embedded" : "direct";
  } catch {
    return "embedded";
  }
}
