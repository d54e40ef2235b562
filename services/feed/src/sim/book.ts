import type { MarketOdds } from "../model.js";

/**
 * The markets of one match as last sent. A live odds change carries only the markets whose status
 * or prices moved since, as providers send them; a snapshot (kick-off, recovery, reopening after a
 * bet stop) carries the whole book and starts the comparison afresh.
 */
export class SentBook {
  // by market id, then specifiers, so comparing a book builds no key strings
  private readonly sent = new Map<number, Map<string, MarketOdds>>();

  /** Everything is about to be sent: remember it all. */
  reset(markets: MarketOdds[]): void {
    this.sent.clear();
    for (const m of markets) this.remember(m);
  }

  private remember(m: MarketOdds): void {
    let specs = this.sent.get(m.id);
    if (!specs) {
      specs = new Map();
      this.sent.set(m.id, specs);
    }
    specs.set(m.specifiers, m);
  }

  /** Forget what was sent, so the next `changes` sends the whole book. */
  clear(): void {
    this.sent.clear();
  }

  /** The markets that differ from what was last sent, remembered as sent. */
  changes(markets: MarketOdds[]): MarketOdds[] {
    const out: MarketOdds[] = [];
    for (const m of markets) {
      const before = this.sent.get(m.id)?.get(m.specifiers);
      if (before && same(before, m)) continue;
      this.remember(m);
      out.push(m);
    }
    return out;
  }
}

function same(a: MarketOdds, b: MarketOdds): boolean {
  if (a.status !== b.status || a.outcomes.length !== b.outcomes.length) return false;
  for (let i = 0; i < a.outcomes.length; i++) {
    const x = a.outcomes[i];
    const y = b.outcomes[i];
    if (!x || !y || x.id !== y.id || x.odds !== y.odds || x.active !== y.active) return false;
  }
  return true;
}
