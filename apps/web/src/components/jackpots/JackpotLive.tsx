"use client";
import { JACKPOT_POLL_MS } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { reportError, reportFailure } from "../../lib/error-reporter";
import { useLiveStore } from "../../live/LiveStoreContext";
import { jackpotKey } from "../../live/live-store";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./JackpotLive.module.css";
import { fetchJackpots, type JackpotView } from "./jackpot-api";
import { type AmountTexts, amountKey, jackpotMoney } from "./jackpot-money";

/**
 * The jackpots as a banner (the total pool, then each level's) or as cards (each level's pool on
 * its way to the amount it drops at, and the terms). Read again every 15 s (SPEC §9); between
 * reads, `tournament_pool_changed` moves the total at once. `texts` holds the server's text of each
 * amount first shown.
 */
export function JackpotLive({
  initial,
  variant,
  texts,
}: {
  initial: JackpotView[];
  variant: "banner" | "card";
  texts?: AmountTexts;
}) {
  const { locale } = useClientConfig();
  const [jackpots, setJackpots] = useState(initial);
  useEffect(() => {
    let current = true;
    const read = () =>
      fetchJackpots(locale)
        .then((list) => current && setJackpots(list))
        .catch((err: unknown) => {
          reportFailure("reading the jackpots", err);
          reportError(err, "jackpot");
        });
    const timer = setInterval(read, JACKPOT_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [locale]);
  return (
    <div className={styles.jackpots} data-variant={variant}>
      {jackpots.map((j) =>
        variant === "banner" ? (
          <Banner key={j.id} jackpot={j} texts={texts} />
        ) : (
          <Card key={j.id} jackpot={j} texts={texts} />
        ),
      )}
    </div>
  );
}

/** The jackpot's total: the last read's, or the realtime event's when one came after it. */
function useTotal(jackpot: JackpotView): number {
  const store = useLiveStore();
  const [shown, setShown] = useState(jackpot.amount);
  useEffect(() => setShown(jackpot.amount), [jackpot.amount]);
  useEffect(() => {
    const id = String(jackpot.id);
    return store.subscribe(jackpotKey(id), () => {
      const pool = store.pool(id);
      if (pool !== undefined) setShown(pool);
    });
  }, [store, jackpot.id]);
  return shown;
}

/** Formats an amount of the jackpot's currency, taking the server's text where it has one. */
function useJackpotMoney(jackpot: JackpotView, texts: AmountTexts | undefined) {
  const { locale } = useClientConfig();
  return (amount: number) => texts?.[amountKey(amount, jackpot)] ?? jackpotMoney(amount, jackpot, locale);
}

interface JackpotProps {
  jackpot: JackpotView;
  texts: AmountTexts | undefined;
}

function Banner({ jackpot, texts }: JackpotProps) {
  const t = useTranslations("jackpots");
  const money = useJackpotMoney(jackpot, texts);
  const total = useTotal(jackpot);
  return (
    <section
      className={styles.banner}
      data-jackpot={jackpot.id}
      data-jackpot-banner
      aria-label={jackpot.name}
    >
      <p>{jackpot.name}</p>
      <p className={styles.total} data-amount={total} data-jackpot-total>
        {money(total)}
      </p>
      <ul className={styles.levels}>
        {jackpot.levels.map((l) => (
          <li key={l.code} data-level={l.code} data-state={l.state}>
            <span>{l.name}</span> <strong>{money(l.pool_amount)}</strong>
          </li>
        ))}
      </ul>
      <p className={styles.hits}>{t("hits", { count: jackpot.hits_amount })}</p>
    </section>
  );
}

function Card({ jackpot, texts }: JackpotProps) {
  const t = useTranslations("jackpots");
  const { locale } = useClientConfig();
  const money = useJackpotMoney(jackpot, texts);
  const { format } = useOddsFormat();
  const total = useTotal(jackpot);
  return (
    <article className={styles.card} data-jackpot={jackpot.id} data-jackpot-card>
      <h3>{jackpot.name}</h3>
      <p className={styles.total} data-amount={total} data-jackpot-total>
        {money(total)}
      </p>
      <ul className={styles.levels}>
        {jackpot.levels.map((l) => (
          <li key={l.code} data-level={l.code} data-state={l.state}>
            <span>
              {l.name}
              {l.state !== "active" ? ` · ${t(`state.${l.state}`)}` : ""}
            </span>
            <meter min={0} max={l.drop_at} value={l.pool_amount} aria-label={l.name} />
            <span>
              {t("drops-at", {
                pool: money(l.pool_amount),
                at: money(l.drop_at),
              })}
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.terms} data-jackpot-terms>
        {t("terms", {
          share: (jackpot.contribution_bp / 100).toLocaleString(locale),
          stake: money(jackpot.min_stake),
          odds: displayOdds(jackpot.min_odds, format),
        })}
      </p>
    </article>
  );
}
