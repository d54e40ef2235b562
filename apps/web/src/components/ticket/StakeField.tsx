"use client";
import {
  type Currency,
  effectiveStake,
  formatAmount,
  formatMoney,
  money,
  parseAmount,
  parseStake,
  type TicketBet,
  ticketBetReturn,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { useClientConfig } from "../shell/ClientConfig";
import { BetFigures } from "./BetFigures";
import styles from "./BetSlip.module.css";
import { maxStake } from "./ticket-api";
import type { TicketStore } from "./ticket-store";
import { useSlipExtras } from "./useTicketState";

/** A bet's stake, or the win it is wanted to return (SPEC §4 stake source), with quick stakes and max. */
export function StakeField({
  bet,
  index,
  store,
  currency,
}: {
  bet: TicketBet;
  index: number;
  store: TicketStore;
  currency: Currency;
}) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  const amountText = (v: number) => formatAmount(money(v, currency.code), currency);
  const [text, setText] = useState(bet.stake > 0 ? amountText(bet.stake) : "");
  const [winText, setWinText] = useState(bet.potentialWin !== undefined ? amountText(bet.potentialWin) : "");
  const [invalid, setInvalid] = useState(false);
  const [maxFailed, setMaxFailed] = useState(false);
  const extras = useSlipExtras(store);
  const quick = extras.stakes[currency.code] ?? [];
  const set = (amount: number) => {
    setText(amountText(amount));
    setInvalid(false);
    store.dispatch({ type: "stakeSet", betIndex: index, amount, source: "stake" });
  };
  const id = `stake-${index}`;
  const potential = ticketBetReturn(bet);
  // With the wanted win as the source, the stake follows it (and the odds, SPEC §4).
  const fromWin = bet.stakeSource === "potentialWin";
  // A freebet sets the stake (SPEC §4): it is shown, not typed.
  const byFreebet = bet.freebetStake > 0;
  return (
    <div className={styles.stake}>
      <label htmlFor={id}>{t("stake")}</label>
      <div className={styles.quickRow}>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={
            byFreebet
              ? amountText(bet.freebetStake)
              : fromWin
                ? bet.stake > 0
                  ? amountText(bet.stake)
                  : ""
                : text
          }
          readOnly={byFreebet}
          aria-invalid={invalid || undefined}
          data-stake-input={index}
          onChange={(e) => {
            setText(e.target.value);
            const parsed = parseStake(e.target.value, currency);
            setInvalid(!parsed.ok && e.target.value.trim() !== "");
            store.dispatch({
              type: "stakeSet",
              betIndex: index,
              amount: parsed.ok ? parsed.value.amount : 0,
              source: "stake",
            });
          }}
        />
        <button
          type="button"
          className="btn"
          data-action="max-stake"
          disabled={byFreebet}
          onClick={() =>
            maxStake(bet, locale)
              .then((max) => {
                setMaxFailed(false);
                set(max);
              })
              .catch((e: unknown) => {
                reportFailure("reading the max stake", e);
                setMaxFailed(true);
              })
          }
        >
          {t("max")}
        </button>
      </div>
      {maxFailed ? <p className={styles.refusal}>{t("max-failed")}</p> : null}
      <label htmlFor={`win-${index}`}>{t("to-win")}</label>
      <input
        id={`win-${index}`}
        inputMode="decimal"
        autoComplete="off"
        value={fromWin ? winText : effectiveStake(bet) > 0 ? amountText(potential) : ""}
        readOnly={byFreebet}
        data-win-input={index}
        onChange={(e) => {
          setWinText(e.target.value);
          const parsed = parseAmount(e.target.value, currency);
          store.dispatch({
            type: "stakeSet",
            betIndex: index,
            amount: parsed.ok ? parsed.value.amount : 0,
            source: "potentialWin",
          });
        }}
      />
      {quick.length > 0 && !byFreebet ? (
        <fieldset className={styles.quick}>
          <legend className="sr-only">{t("quick-stakes")}</legend>
          {quick.map((q) => (
            <button key={q} type="button" className={styles.chip} onClick={() => set(q)}>
              {formatMoney(money(q, currency.code), currency, locale)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <BetFigures bet={bet} currency={currency} />
      <p className={styles.return}>
        {t("potential-return")}{" "}
        <strong data-potential-return={potential}>
          {formatMoney(money(effectiveStake(bet) > 0 ? potential : 0, currency.code), currency, locale)}
        </strong>
      </p>
    </div>
  );
}
