// A page of 200 live matches (600 price cells) for the live-update render benchmark. Two renderers
// are mounted on demand: the product's (OutcomeCell on the live store: each cell subscribes to its
// own outcome) and a baseline that keeps all odds in one React state and re-renders the whole list.
import { MARKET_STATUS } from "@sportsbook/domain";
import { memo, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { OutcomeCell } from "../src/components/price/OutcomeCell";
import { LiveStoreProvider } from "../src/live/LiveStoreContext";
import { LiveStore } from "../src/live/live-store";
import { displayOdds } from "../src/odds/display";
import { OddsFormatProvider } from "../src/odds/OddsFormatContext";

const MATCHES = 200;
const OUTCOMES = ["1", "X", "2"] as const;

interface BenchApi {
  mode: "store" | "baseline";
  /** Applies `n` random odds changes. */
  change(n: number): void;
}

declare global {
  interface Window {
    __bench?: BenchApi;
    __mount?: (mode: "store" | "baseline") => void;
  }
}

let seed = 42;
function random(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const randomOdds = () => 1100 + Math.floor(random() * 9000);

function StoreGrid({ store }: { store: LiveStore }) {
  const rows = [];
  for (let m = 0; m < MATCHES; m++) {
    rows.push(
      <li key={m} className="match-card">
        <span>
          Home {m} – Away {m}
        </span>
        <div className="outcomes">
          {OUTCOMES.map((o) => (
            <OutcomeCell
              key={o}
              matchId={String(m)}
              marketId="1"
              outcomeId={o}
              name={o}
              odds={2000}
              active
              marketStatus={1}
              matchStatus={1}
            />
          ))}
        </div>
      </li>,
    );
  }
  return (
    <LiveStoreProvider store={store}>
      <ul>{rows}</ul>
    </LiveStoreProvider>
  );
}

const BaselineCell = memo(function BaselineCell({ name, odds }: { name: string; odds: number }) {
  return (
    <button type="button" className="odds">
      <span>{name}</span>
      <span>{displayOdds(odds, "decimal")}</span>
    </button>
  );
});

/** All odds in one state object, replaced on every change: the list and every row re-render. */
function BaselineGrid({ register }: { register: (set: (fn: (o: number[]) => number[]) => void) => void }) {
  const [odds, setOdds] = useState(() => new Array(MATCHES * 3).fill(2000) as number[]);
  useEffect(() => register(setOdds), [register]);
  return (
    <ul>
      {Array.from({ length: MATCHES }, (_, m) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the match number is the row's identity here.
        <li key={m} className="match-card">
          <span>
            Home {m} – Away {m}
          </span>
          <div className="outcomes">
            {OUTCOMES.map((o, i) => (
              <BaselineCell key={o} name={o} odds={odds[m * 3 + i] ?? 2000} />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

window.__mount = (mode) => {
  const root = createRoot(document.getElementById("root") as HTMLElement);
  if (mode === "store") {
    const store = new LiveStore();
    window.__bench = {
      mode,
      change(n) {
        for (let i = 0; i < n; i++) {
          const m = String(Math.floor(random() * MATCHES));
          const o = OUTCOMES[Math.floor(random() * 3)] as string;
          store.applyMarkets(m, [
            {
              id: "1",
              status: MARKET_STATUS.allowed,
              outcomes: [{ id: o, odds: randomOdds(), active: true }],
            },
          ]);
        }
      },
    };
    root.render(
      <OddsFormatProvider initial="decimal">
        <StoreGrid store={store} />
      </OddsFormatProvider>,
    );
  } else {
    let set: ((fn: (o: number[]) => number[]) => void) | undefined;
    window.__bench = {
      mode,
      change(n) {
        set?.((prev) => {
          const next = prev.slice();
          for (let i = 0; i < n; i++) next[Math.floor(random() * next.length)] = randomOdds();
          return next;
        });
      },
    };
    root.render(<BaselineGrid register={(s) => (set = s)} />);
  }
};
