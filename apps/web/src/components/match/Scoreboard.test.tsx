import { render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import type { Statistics } from "../../lib/catalog-schemas";
import { LiveStoreProvider } from "../../live/LiveStoreContext";
import { LiveStore } from "../../live/live-store";
import ar from "../../messages/ar.json";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { Scoreboard } from "./Scoreboard";

const statistics: Statistics = {
  total_score: { home: 2, away: 1 },
  period_score: [
    { home: 1, away: 0, number: 1, period_key: "half_1", period_name: "1st half", type: "regular_period" },
    { home: 1, away: 1, number: 2, period_key: "half_2", period_name: "2nd half", type: "regular_period" },
    { home: 0, away: 0, number: 3, period_key: "extra_9", period_name: "Extra", type: "other" },
  ],
};

function headers(locale: string, messages: typeof en) {
  const view = render(
    <NextIntlClientProvider locale={locale} messages={messages}>
      <LiveStoreProvider store={new LiveStore({ schedule: () => undefined })}>
        <Scoreboard matchId="1" home="Eastmoor FC" away="Ashford Town" statistics={statistics} />
      </LiveStoreProvider>
    </NextIntlClientProvider>,
  );
  const cells = [...view.container.querySelectorAll("thead th")].map((th) => th.textContent);
  view.unmount();
  return cells.slice(1);
}

describe("Scoreboard", () => {
  it("words each period in the page's language from its key, and keeps the feed's name for others", () => {
    expect(headers("en", en)).toEqual(["1st half", "2nd half", "Extra", en.match.total]);
    expect(headers("de", de)).toEqual(["1. Halbzeit", "2. Halbzeit", "Extra", de.match.total]);
    expect(headers("ar", ar)).toEqual(["الشوط 1", "الشوط 2", "Extra", ar.match.total]);
  });
});
