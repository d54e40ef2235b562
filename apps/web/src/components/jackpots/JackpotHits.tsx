"use client";
import { JACKPOT_HITS_REFETCH_MS } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { reportError, reportFailure } from "../../lib/error-reporter";
import { LocalTime } from "../../live/LocalTime";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./JackpotHits.module.css";
import { fetchJackpotHits, type JackpotHitView } from "./jackpot-api";
import { jackpotMoney } from "./jackpot-money";

/** The latest jackpot hits, read again every 60 s (SPEC §9); the player's own are marked. */
export function JackpotHits({ initial, limit }: { initial: JackpotHitView[]; limit: number }) {
  const t = useTranslations("jackpots");
  const { locale } = useClientConfig();
  const [hits, setHits] = useState(initial);
  useEffect(() => {
    let current = true;
    const timer = setInterval(
      () =>
        fetchJackpotHits({ limit }, locale)
          .then((list) => current && setHits(list))
          .catch((err: unknown) => {
            reportFailure("reading the jackpot hits", err);
            reportError(err, "jackpot");
          }),
      JACKPOT_HITS_REFETCH_MS,
    );
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [locale, limit]);
  if (hits.length === 0) return <p className="empty">{t("no-hits")}</p>;
  return (
    <ol className={styles.list} data-jackpot-hits>
      {hits.map((h) => (
        <li key={h.id} data-hit={h.id} data-mine={h.mine || undefined}>
          <span className={styles.winner} data-winner>
            {h.mine ? t("you") : h.winner}
          </span>
          <span>{h.level.name}</span>
          <strong data-amount={h.amount}>{jackpotMoney(h.amount, h, locale)}</strong>
          <LocalTime iso={h.created_at} locale={locale} />
        </li>
      ))}
    </ol>
  );
}
