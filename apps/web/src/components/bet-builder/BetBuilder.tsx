"use client";
import { errorResponseSchema } from "@sportsbook/contracts/errors";
import { customOddsResponseSchema } from "@sportsbook/contracts/http/bets";
import type { Market } from "@sportsbook/contracts/http/catalogue";
import { isMarketOpen, matchIdOfText } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { reportFailure } from "../../lib/error-reporter";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { PriceButton } from "../price/PriceButton";
import { PriceGrid } from "../price/PriceGrid";
import { useClientConfig } from "../shell/ClientConfig";
import type { MatchPick } from "../ticket/pick";
import { useTicket } from "../ticket/TicketContext";
import styles from "./BetBuilder.module.css";

/** The builder waits for a pause in picking before it asks for a price. */
const PRICE_DEBOUNCE_MS = 200;

type Price =
  | { state: "idle" }
  | { state: "busy" }
  | { state: "priced"; odds: number }
  | { state: "refused"; message: string };

const marketKey = (m: Pick<Market, "id" | "specifier">) => `${m.id}|${m.specifier}`;

/**
 * The bet builder of a match (SPEC §2 #betBuilder, §4 custom bet): one outcome from each of its
 * builder markets, priced together by the API (POST /bets/custom/odds, the score model's joint
 * price), and put on the slip as one bet-builder bet.
 */
export default function BetBuilder({
  match,
  markets,
}: {
  match: MatchPick & { matchStatus: number };
  markets: Market[];
}) {
  const t = useTranslations("betbuilder");
  const { locale } = useClientConfig();
  const { format } = useOddsFormat();
  const ticket = useTicket();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [price, setPrice] = useState<Price>({ state: "idle" });
  const picks = markets.flatMap((m) => {
    const outcome = m.outcomes.find((o) => o.id === chosen[marketKey(m)]);
    return outcome ? [{ market: m, outcome }] : [];
  });
  // What to price, as one value: the effect runs when the choice changes, not on every render.
  const request = JSON.stringify(
    picks.map((p) => ({ market_id: p.market.id, specifier: p.market.specifier, outcome_id: p.outcome.id })),
  );

  useEffect(() => {
    const selections = JSON.parse(request) as { market_id: number; specifier: string; outcome_id: string }[];
    if (selections.length < 2) {
      setPrice({ state: "idle" });
      return;
    }
    setPrice({ state: "busy" });
    const abort = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const res = await apiFetch("/bets/custom/odds", {
          method: "POST",
          locale,
          signal: abort.signal,
          ...jsonBody({ match_id: matchIdOfText(match.matchId), selections }),
        });
        const body: unknown = await res.json();
        if (res.ok) setPrice({ state: "priced", odds: customOddsResponseSchema.parse(body).data.odds });
        else {
          const error = errorResponseSchema.safeParse(body);
          const detail = error.success ? error.data.data.details?.[0]?.message : undefined;
          setPrice({
            state: "refused",
            message: detail ?? (error.success ? error.data.data.localized_message : t("failed")),
          });
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        reportFailure("pricing the bet builder", e);
        setPrice({ state: "refused", message: t("failed") });
      }
    }, PRICE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [request, locale, match.matchId, t]);

  return (
    <div className={styles.builder}>
      {markets.map((m) => (
        // The match page's market and outcome grid: a three-way market keeps one row on a phone,
        // and a long name follows its cell's width there as in the markets below.
        <fieldset key={marketKey(m)} className={styles.market}>
          <legend>{m.name}</legend>
          <PriceGrid>
            {m.outcomes.map((o) => {
              const on = chosen[marketKey(m)] === o.id;
              return (
                <PriceButton
                  key={o.id}
                  name={o.name}
                  value={displayOdds(o.odds, format)}
                  stacked
                  aria-pressed={on}
                  data-builder-outcome={`${m.id}/${m.specifier}/${o.id}`}
                  disabled={!o.active || !isMarketOpen(m.status)}
                  onClick={() =>
                    setChosen((c) => {
                      const next = { ...c };
                      if (on) delete next[marketKey(m)];
                      else next[marketKey(m)] = o.id;
                      return next;
                    })
                  }
                />
              );
            })}
          </PriceGrid>
        </fieldset>
      ))}
      <div className={styles.ticket} aria-live="polite" data-builder-state={price.state}>
        {picks.length < 2 ? <p className={styles.hint}>{t("hint")}</p> : null}
        {price.state === "busy" ? <p className={styles.hint}>{t("pricing")}</p> : null}
        {price.state === "refused" ? <p className={styles.refused}>{price.message}</p> : null}
        {price.state === "priced" ? (
          <p>
            {t("price")} <strong data-builder-odds={price.odds}>{displayOdds(price.odds, format)}</strong>
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          data-action="add-builder"
          disabled={price.state !== "priced"}
          onClick={() => {
            if (price.state !== "priced") return;
            ticket.addCustom(
              picks.map((p) => ({
                ...match,
                marketId: p.market.id,
                specifier: p.market.specifier,
                marketName: p.market.name,
                outcomeId: p.outcome.id,
                outcomeName: p.outcome.name,
                odds: p.outcome.odds,
              })),
              price.odds,
            );
            setChosen({});
          }}
        >
          {t("add")}
        </button>
      </div>
    </div>
  );
}
