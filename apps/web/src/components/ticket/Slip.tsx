"use client";
import {
  type BetType,
  formatMoney,
  hasChangedOdds,
  MAX_SELECTIONS,
  money,
  placeBlockers,
  type StakeProblem,
  stakeProblems,
  switchBetType,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";
import { QuickDeposit } from "../wallet/QuickDeposit";
import { AmbProgressBars } from "./AmbProgressBar";
import { BetCard } from "./BetCard";
import styles from "./BetSlip.module.css";
import { OddsAcceptance } from "./OddsAcceptance";
import { PlacedBets } from "./PlacedBets";
import { QuickBet } from "./QuickBet";
import { ShareSlip } from "./ShareSlip";
import { SlipTotals } from "./SlipTotals";
import type { TicketStore } from "./ticket-store";
import { useSlipExtras, useTicketState } from "./useTicketState";

const SWITCHABLE: readonly BetType[] = ["single", "combo", "system"];

/** The loaded slip: its bets, type switch, odds changes, totals, and the place button with why it is off. */
export function Slip({ store }: { store: TicketStore }) {
  const state = useTicketState(store);
  const extras = useSlipExtras(store);
  const t = useTranslations("slip");
  const tRoot = useTranslations();
  const player = usePlayer();
  const [refusal, setRefusal] = useState<string | null>(null);
  const currency = state.config.currency;
  const { locale } = useClientConfig();
  const amount = (v: number) => formatMoney(money(v, currency.code), currency, locale);
  const problemText = (p: StakeProblem) =>
    t(`stake-problem.${p.issue}`, {
      amount: amount(p.limit),
      lines: p.lines ?? 0,
      line: amount(p.line ?? p.limit),
    });
  const selections = state.bets.flatMap((b) => b.selections);
  const type = state.bets[0]?.betType;
  const blockers = placeBlockers(
    state.bets,
    currency,
    state.config.maxPayout,
    state.config.customBetAllowSingle,
  );
  const account = currentAccount(player);
  // SPEC §5 stake limits, told before placing; the server stays the authority.
  const problems =
    player.status === "logged_in"
      ? stakeProblems(state.bets, currency, {
          ...(account?.code === currency.code ? { balance: account.balance } : {}),
          ...(extras.maxStakes ? { maxStakes: extras.maxStakes } : {}),
        })
      : [];
  // A stake under the minimum is why such a bet cannot win more than its stake: say the cause.
  const belowMinimum = problems.find((p) => p.issue === "below_minimum" || p.issue === "line_below_minimum");
  const blocker = belowMinimum && blockers[0] === "no_win" ? undefined : blockers[0];
  const problem = belowMinimum ?? problems[0];
  const reason = blocker ? t(`blocker.${blocker}`) : problem ? problemText(problem) : undefined;
  // Not only in ODDS_CHANGED: new prices that arrive while a placement is in flight are flagged, and
  // a refusal for those odds lands in ERROR with the flags still set and placing blocked by them.
  const changesToAccept = !state.inProgress && hasChangedOdds(state.bets);
  // Accepting changed odds removes the focused button; focus moves on to placing, so a keyboard
  // player is not sent back to the top of the page.
  const placeButton = useRef<HTMLButtonElement>(null);
  const [focusPlace, setFocusPlace] = useState(false);
  useEffect(() => {
    if (focusPlace && state.ticketState !== "ODDS_CHANGED") {
      placeButton.current?.focus();
      setFocusPlace(false);
    }
  }, [focusPlace, state.ticketState]);
  const announce =
    state.ticketState === "PROCESSING"
      ? t("processing")
      : state.ticketState === "SUCCESS"
        ? t("placed", { count: state.placedBets.length })
        : state.ticketState === "ERROR"
          ? t("failed")
          : state.ticketState === "ODDS_CHANGED"
            ? t("odds-changed")
            : t("count", { count: selections.length });

  const quick = <QuickBet store={store} quick={state.quickBet} currency={currency} />;
  if (state.bets.length === 0) {
    return (
      <div className={styles.slip} data-ticket-state={state.ticketState}>
        <p className={styles.live} aria-live="polite">
          {announce}
        </p>
        {player.status === "logged_in" ? quick : null}
        {state.ticketState === "SUCCESS" ? <PlacedBets bets={state.placedBets} currency={currency} /> : null}
        <p className={styles.empty}>{t("empty")}</p>
      </div>
    );
  }

  const trySwitch = (target: BetType) => {
    const change = switchBetType(state.bets, target, {
      systemTypes: state.systemTypes,
      multiSingleAvailableByProvider: state.config.multiSingleAvailableByProvider,
    });
    if (!change.ok) {
      setRefusal(t(`refusal.${change.reason}`));
      return;
    }
    setRefusal(null);
    store.dispatch({ type: "betTypeSwitched", betType: target });
  };

  return (
    <div className={styles.slip} data-ticket-state={state.ticketState} data-bet-type={type}>
      <p className={styles.live} aria-live="polite">
        {announce}
      </p>
      {player.status === "logged_in" ? quick : null}
      {type !== "custom_bet" ? (
        <fieldset className={styles.types}>
          <legend className="sr-only">{t("bet-type")}</legend>
          {SWITCHABLE.map((bt) => (
            <button
              key={bt}
              type="button"
              className={styles.type}
              aria-pressed={type === bt}
              data-bet-type={bt}
              onClick={() => trySwitch(bt)}
            >
              {t(`type.${bt}`)}
            </button>
          ))}
        </fieldset>
      ) : null}
      {refusal ? (
        <p className={styles.refusal} role="status" data-refusal>
          {refusal}
        </p>
      ) : null}
      {selections.length >= MAX_SELECTIONS ? (
        <p className={styles.refusal}>{t("max-selections", { max: MAX_SELECTIONS })}</p>
      ) : null}
      {state.bets.map((bet, i) => (
        <BetCard
          key={bet.selections.map((s) => s.id).join("+")}
          bet={bet}
          index={i}
          store={store}
          state={state}
          message={state.error?.messagesByBet[String(i)]}
        />
      ))}
      {changesToAccept ? (
        <div className={styles.changed}>
          <span>{t("odds-changed")}</span>
          <button
            type="button"
            className="btn"
            data-action="accept-odds"
            onClick={() => {
              store.dispatch({ type: "oddsChangesAccepted" });
              setFocusPlace(true);
            }}
          >
            {t("accept")}
          </button>
        </div>
      ) : null}
      {state.ticketState === "ERROR" && state.error ? (
        <p className={styles.error} role="alert" data-error-code={state.error.code}>
          {state.error.localizedMessage ?? tRoot(state.error.message as "error.place_bets.default")}
        </p>
      ) : null}
      {player.status === "logged_in" && extras.ambs ? (
        <AmbProgressBars ambs={extras.ambs} currency={currency} />
      ) : null}
      <SlipTotals bets={state.bets} currency={currency} maxPayout={state.config.maxPayout} />
      <OddsAcceptance store={store} />
      <ShareSlip bets={state.bets} />
      <div className={styles.foot}>
        <div className={styles.actions}>
          <button
            type="button"
            className="btn"
            data-action="clear"
            onClick={() => store.dispatch({ type: "ticketCleared" })}
          >
            {t("clear")}
          </button>
          <button
            type="button"
            ref={placeButton}
            className="btn btn-primary"
            data-action="place"
            disabled={state.inProgress || (player.status === "logged_in" && reason !== undefined)}
            aria-describedby={player.status === "logged_in" && reason ? "slip-place-reason" : undefined}
            onClick={() =>
              store.dispatch({ type: "placeRequested", isLoggedIn: player.status === "logged_in" })
            }
          >
            {state.inProgress
              ? t("processing")
              : player.status === "logged_in"
                ? t("place")
                : t("sign-in-to-bet")}
          </button>
        </div>
        {reason && player.status === "logged_in" ? (
          <p
            id="slip-place-reason"
            className={problem && !blocker ? styles.refusal : styles.hint}
            data-blocker={blocker}
            data-stake-problem={blocker ? undefined : problem?.issue}
          >
            {reason}
          </p>
        ) : null}
        {/* SPEC §2 quick deposit: the stakes are above the balance, so offer what they lack */}
        {player.status === "logged_in" && !blocker && problem?.shortfall ? (
          <QuickDeposit shortfall={problem.shortfall} />
        ) : null}
      </div>
    </div>
  );
}
