"use client";
import type { PlacedBet } from "@sportsbook/contracts/http/bets";
import {
  BET_LIST_FILTERS,
  BET_RESULT_FILTERS,
  type BetListFilter,
  type BetResultFilter,
  formatMoney,
  idText,
  matchesBetListFilter,
  money,
  oddsFromThousandths,
  systemLeastReturn,
  systemLineCount,
  systemLineStake,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { useLive } from "../../live/LiveProvider";
import { MatchLive } from "../../live/MatchLive";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import { applyBetChanged, applyCashoutChanged, filterBets } from "./bet-list";
import { fetchAllBets } from "./bets-api";
import { CashoutControl } from "./CashoutControl";
import styles from "./MyBets.module.css";

/**
 * The player's bets (SPEC §2 My bets, page id bets_history): every page of GET /bets, filtered by
 * open/settled and result, kept live from bet_changed and bet_cashout_changed, with the live score
 * of each match and cashout where it is offered.
 */
export function MyBetsList() {
  const t = useTranslations("mybets");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const rt = useLive();
  const [bets, setBets] = useState<PlacedBet[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [list, setList] = useState<BetListFilter>("all");
  const [result, setResult] = useState<BetResultFilter>("all");
  const signedIn = player.status === "logged_in";

  const load = useCallback(() => {
    fetchAllBets(locale)
      .then((all) => {
        setBets(all);
        setFailed(false);
      })
      .catch((e: unknown) => {
        reportFailure("reading the bets", e);
        setFailed(true);
      });
  }, [locale]);
  useEffect(() => {
    if (signedIn) load();
    else setBets(null);
  }, [signedIn, load]);

  useUserEvents((e) => {
    if (e.type === "bet_changed") {
      setBets((current) => {
        if (!current) return current;
        const next = applyBetChanged(current, e);
        if (!next.known) load();
        return next.bets;
      });
    } else if (e.type === "bet_cashout_changed") {
      setBets((current) => (current ? applyCashoutChanged(current, e) : current));
    }
  });

  // Live scores of the matches of open bets.
  const openMatches = useMemo(
    () =>
      [
        ...new Set(
          (bets ?? [])
            .filter((b) => b.status === "waiting_results")
            .flatMap((b) => b.selections.map((s) => idText(s.match.id))),
        ),
      ]
        .sort()
        .join(","),
    [bets],
  );
  useEffect(() => {
    if (!rt || !openMatches) return;
    return rt.watchMatches(openMatches.split(","));
  }, [rt, openMatches]);

  if (!signedIn) {
    return (
      <p className={styles.empty}>
        <a href="#sign-in">{t("sign-in")}</a>
      </p>
    );
  }
  if (failed)
    return (
      <p className={styles.error} role="alert">
        {t("failed")}
      </p>
    );
  if (!bets) return <p className={styles.empty}>{t("loading")}</p>;
  const shown = filterBets(bets, list, result);
  return (
    <div className={styles.myBets}>
      <div className={styles.filters}>
        <FilterGroup<BetListFilter>
          label={t("filter.list")}
          values={BET_LIST_FILTERS}
          value={list}
          onChange={setList}
          text={(v) => t(`list.${v}`)}
        />
        <FilterGroup<BetResultFilter>
          label={t("filter.result")}
          values={BET_RESULT_FILTERS}
          value={result}
          onChange={setResult}
          text={(v) => t(`result-filter.${v}`)}
        />
      </div>
      {shown.length === 0 ? <p className={styles.empty}>{t("empty")}</p> : null}
      <ul className={styles.bets}>
        {shown.map((b) => (
          <li key={b.id}>
            <BetCard
              bet={b}
              onCashedOut={(next) => setBets((cur) => cur?.map((x) => (x.id === next.id ? next : x)) ?? cur)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function FilterGroup<T extends string>({
  label,
  values,
  value,
  onChange,
  text,
}: {
  label: string;
  values: readonly T[];
  value: T;
  onChange(v: T): void;
  text(v: T): string;
}) {
  return (
    <fieldset className={styles.group}>
      <legend className="sr-only">{label}</legend>
      {values.map((v) => (
        <button key={v} type="button" aria-pressed={value === v} data-filter={v} onClick={() => onChange(v)}>
          {text(v)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * A system is read by its lines, not by the product of every price: how many, the stake of each and,
 * while open, the least a win pays (one line of the lowest prices).
 */
function SystemFigures({
  bet,
  system,
  amount,
}: {
  bet: PlacedBet;
  system: NonNullable<PlacedBet["system"]>;
  amount(value: number): string;
}) {
  const t = useTranslations("mybets");
  const type = { winCount: system.win_count, totalCount: system.total_count };
  const odds = bet.selections.map((s) => oddsFromThousandths(s.odds));
  const least =
    odds.length === type.totalCount ? systemLeastReturn(bet.stake.value, odds, type.winCount) : undefined;
  return (
    <>
      <dt>{t("lines")}</dt>
      <dd data-lines={Number(systemLineCount(type))}>{Number(systemLineCount(type))}</dd>
      <dt>{t("line-stake")}</dt>
      <dd data-line-stake={systemLineStake(bet.stake.value, type)}>
        {amount(systemLineStake(bet.stake.value, type))}
      </dd>
      {least !== undefined && bet.result === "no_results" ? (
        <>
          <dt>{t("least-return")}</dt>
          <dd data-least-return={least}>{amount(least)}</dd>
        </>
      ) : null}
    </>
  );
}

/** A bet's bonus by its kind and name (a tournament is not a freebet), a boost with its odds. */
function BonusLabel({ bonus }: { bonus: NonNullable<PlacedBet["bonus"]> }) {
  const t = useTranslations("mybets");
  const kinds = useTranslations("pages.promotions.type");
  const { format } = useOddsFormat();
  const kind =
    bonus.type === "comboboost" && bonus.odds !== null
      ? t("boost", { odds: displayOdds(bonus.odds, format) })
      : kinds(bonus.type);
  return bonus.name ? t("bonus-named", { kind, name: bonus.name }) : kind;
}

function BetCard({ bet, onCashedOut }: { bet: PlacedBet; onCashedOut(bet: PlacedBet): void }) {
  const t = useTranslations("mybets");
  const { locale } = useClientConfig();
  const { format } = useOddsFormat();
  const currency = { code: bet.stake.currency, subunits: bet.stake.subunits, fiat: bet.stake.subunits <= 2 };
  const amount = (value: number) => formatMoney(money(value, currency.code), currency, locale);
  const settled = matchesBetListFilter(bet.status, "settled");
  return (
    <article className={styles.bet} data-bet-id={bet.id} data-status={bet.status} data-result={bet.result}>
      <header className={styles.head}>
        <strong>
          {t(`type.${bet.type}`)}
          {bet.system ? ` ${bet.system.id}` : ""}
        </strong>
        <span className={styles.status} data-status-label>
          {t(`status.${bet.status}`)}
          {bet.result !== "no_results" ? ` · ${t(`result.${bet.result}`)}` : ""}
        </span>
      </header>
      <ul className={styles.selections}>
        {bet.selections.map((s) => (
          <li key={s.id} data-selection-status={s.status}>
            <div>
              <span className={styles.outcome}>{s.outcome.name}</span>
              <span className={styles.meta}>
                {s.market.name} · {s.match.name}
              </span>
              <MatchLive matchId={idText(s.match.id)} status={s.match.status} statistics={{}} />
            </div>
            <span className={styles.odds} data-odds={s.odds}>
              {displayOdds(s.odds, format)}
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
        {bet.system ? (
          <SystemFigures bet={bet} system={bet.system} amount={amount} />
        ) : (
          <>
            <dt>{t("odds")}</dt>
            <dd>{displayOdds(bet.custom_odds ?? bet.odds, format)}</dd>
          </>
        )}
        <dt>{t("stake")}</dt>
        <dd data-stake={bet.stake.value}>{amount(bet.stake.value)}</dd>
        {settled ? (
          <>
            <dt>{t("paid")}</dt>
            <dd data-paid={bet.win_amount?.value ?? 0}>{amount(bet.win_amount?.value ?? 0)}</dd>
          </>
        ) : (
          <>
            <dt>{t("potential")}</dt>
            <dd>{amount(bet.potential_win.value)}</dd>
          </>
        )}
        {bet.bonus ? (
          <>
            <dt>{t("bonus")}</dt>
            <dd data-bonus={bet.bonus.type} data-bonus-odds={bet.bonus.odds ?? undefined}>
              <BonusLabel bonus={bet.bonus} />
            </dd>
          </>
        ) : null}
        {bet.cashed_out.value > 0 ? (
          <>
            <dt>{t("cashed-out")}</dt>
            <dd data-cashed-out={bet.cashed_out.value}>{amount(bet.cashed_out.value)}</dd>
          </>
        ) : null}
      </dl>
      <p className={styles.meta}>
        #{bet.id} ·{" "}
        {new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
          new Date(bet.created_at),
        )}
      </p>
      {bet.to_cashout && bet.status === "waiting_results" ? (
        <CashoutControl bet={bet} offer={bet.to_cashout.value} format={amount} onCashedOut={onCashedOut} />
      ) : null}
    </article>
  );
}
