"use client";
import {
  type BetType,
  type Currency,
  combinabilityIssues,
  comboOdds,
  effectiveStake,
  formatAmount,
  formatMoney,
  hasChangedOdds,
  isFreebet,
  leastFarmingStake,
  MAX_SELECTIONS,
  money,
  parseAmount,
  parseStake,
  placeBlockers,
  qualifyingBoost,
  type SlipBonus,
  type SlipSelection,
  type StakeProblem,
  stakeProblems,
  switchBetType,
  systemLineCount,
  type TicketBet,
  type TicketState,
  ticketBetNoPointsReason,
  ticketBetPoints,
  ticketBetReturn,
  ticketSystemFigures,
  withBonusOdds,
} from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { displayOdds } from "../../odds/display";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { LootboxKeys } from "../bonuses/LootboxKeys";
import { useClientConfig } from "../shell/ClientConfig";
import { QuickDeposit } from "../wallet/QuickDeposit";
import { AmbProgressBars } from "./AmbProgressBar";
import styles from "./BetSlip.module.css";
import { OddsAcceptance } from "./OddsAcceptance";
import { placedBetLine } from "./placed-bet";
import { QuickBet } from "./QuickBet";
import { ShareSlip } from "./ShareSlip";
import { useTicket } from "./TicketContext";
import { maxStake } from "./ticket-api";
import type { TicketStore } from "./ticket-store";

const SWITCHABLE: readonly BetType[] = ["single", "combo", "system"];

/** The bet slip (SPEC §2 side panel, §4 ticket flow): selections, type, stakes, returns and placing. */
export default function BetSlip() {
  const { store } = useTicket();
  const t = useTranslations("slip");
  if (!store) return <p className={styles.empty}>{t("loading")}</p>;
  return <Slip store={store} />;
}

function useTicketState(store: TicketStore): TicketState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

function Slip({ store }: { store: TicketStore }) {
  const state = useTicketState(store);
  const extras = useSyncExternalStore(store.subscribe, store.getExtras, store.getExtras);
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
  const blockers = placeBlockers(state.bets, currency, state.config.maxPayout);
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
        {state.ticketState === "SUCCESS" ? <Placed bets={state.placedBets} currency={currency} /> : null}
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
      <Totals bets={state.bets} currency={currency} maxPayout={state.config.maxPayout} />
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

function BetCard({
  bet,
  index,
  store,
  state,
  message,
}: {
  bet: TicketBet;
  index: number;
  store: TicketStore;
  state: TicketState;
  message: string | undefined;
}) {
  const t = useTranslations("slip");
  const issues = combinabilityIssues(bet.betType, bet.selections);
  const sameMatch = new Set(issues.flatMap((i) => (i.code === "same_match" ? i.selectionIds : [])));
  const systems = state.systemTypes.filter((s) => s.totalCount === bet.selections.length);
  return (
    <section className={styles.bet} data-bet={index} aria-label={t(`type.${bet.betType}`)}>
      <ul className={styles.selections}>
        {bet.selections.map((s) => (
          <SelectionRow
            key={s.id}
            s={s}
            sameMatch={sameMatch.has(s.id)}
            onRemove={() => store.dispatch({ type: "selectionRemoved", selectionId: s.id })}
          />
        ))}
      </ul>
      {issues
        .filter((i) => i.code !== "same_match")
        .map((i) => (
          <p key={i.code} className={styles.refusal} data-issue={i.code}>
            {t(`issue.${i.code}`)}
          </p>
        ))}
      {bet.betType === "system" ? (
        <div className={styles.field}>
          <label htmlFor={`system-${index}`}>{t("system")}</label>
          <select
            id={`system-${index}`}
            data-system-type
            value={bet.systemType ? `${bet.systemType.winCount}/${bet.systemType.totalCount}` : ""}
            onChange={(e) => {
              const found = systems.find((s) => `${s.winCount}/${s.totalCount}` === e.target.value);
              if (found) store.dispatch({ type: "systemTypeSet", systemType: found });
            }}
          >
            {systems.map((s) => (
              <option key={`${s.winCount}/${s.totalCount}`} value={`${s.winCount}/${s.totalCount}`}>
                {t("system-option", {
                  win: s.winCount,
                  total: s.totalCount,
                  lines: Number(systemLineCount(s)),
                })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {bet.customOdds !== undefined ? <CustomPrice odds={bet.customOdds} /> : null}
      {bet.availableBonuses.length > 0 ? (
        <BonusPicker bet={bet} index={index} store={store} currency={state.config.currency} />
      ) : null}
      <StakeField bet={bet} index={index} store={store} currency={state.config.currency} />
      {bet.jackpots && bet.jackpots.length > 0 ? (
        <p className={styles.hint} data-plays-jackpots={bet.jackpots.join(",")}>
          {t("jackpot", { count: bet.jackpots.length })}
        </p>
      ) : null}
      {message ? (
        <p className={styles.error} data-bet-error={index}>
          {message}{" "}
          <button
            type="button"
            className={styles.link}
            onClick={() => store.dispatch({ type: "betErrorCleared", betIndex: index })}
          >
            {t("dismiss")}
          </button>
        </p>
      ) : null}
    </section>
  );
}

function SelectionRow({
  s,
  sameMatch,
  onRemove,
}: {
  s: SlipSelection;
  sameMatch: boolean;
  onRemove(): void;
}) {
  const t = useTranslations("slip");
  const tt = useTranslations("sb.ticket");
  const { format } = useOddsFormat();
  const match = s.nameB ? `${s.nameA} – ${s.nameB}` : (s.nameA ?? "");
  return (
    <li
      className={styles.selection}
      data-selection={s.id}
      data-suspended={s.isSuspended || undefined}
      data-changed={s.isChanged || undefined}
      data-not-available={s.isNotAvailable || undefined}
    >
      <div className={styles.what}>
        <span className={styles.outcome}>{s.outcomeName}</span>
        <span className={styles.market}>{s.marketName}</span>
        <span className={styles.match}>{match}</span>
        {sameMatch ? <span className={styles.flag}>{t("same-match")}</span> : null}
        {s.isSuspended ? <span className={styles.flag}>{tt("suspended.label")}</span> : null}
        {s.isNotAvailable ? <span className={styles.flag}>{tt("not-available.label")}</span> : null}
      </div>
      <span className={styles.odds} data-odds={s.odds}>
        {s.isChanged ? (
          <>
            <s className={styles.old} data-accepted-odds={s.acceptedOdds}>
              {displayOdds(s.acceptedOdds, format)}
            </s>{" "}
            <span data-trend={s.odds > s.acceptedOdds ? "up" : "down"}>
              <span className="sr-only">{t("new-odds")} </span>
              {s.odds > s.acceptedOdds ? "▲" : "▼"} {displayOdds(s.odds, format)}
            </span>
          </>
        ) : (
          displayOdds(s.odds, format)
        )}
      </span>
      <button
        type="button"
        className={styles.remove}
        aria-label={t("remove", { name: s.outcomeName ?? "" })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}

/** The bonuses a bet may use (SPEC §4 bonus selection): none, a freebet paying the stake, or a boost. */
function BonusPicker({
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
  const t = useTranslations("slip.bonus");
  const { locale } = useClientConfig();
  const idOf = (b: SlipBonus) => `${b.bonusType}:${b.bonusId}`;
  const label = (b: SlipBonus) => {
    const name = b.name ?? "";
    if (isFreebet(b.bonusType)) {
      const amount = formatMoney(money(b.freebetStake ?? 0, currency.code), currency, locale);
      return t(b.bonusType === "freebet_no_risk" ? "no-risk" : "freebet", { amount, name });
    }
    return name;
  };
  const chosen = bet.bonus;
  const pick = (b: SlipBonus | null) => store.dispatch({ type: "bonusSet", betIndex: index, bonus: b });
  // A held freebet is offered beside the picker, not only inside it: it is the player's money.
  const freebet =
    chosen && isFreebet(chosen.bonusType)
      ? undefined
      : bet.availableBonuses.find((b) => isFreebet(b.bonusType));
  // One bonus a bet: a boost the bet qualifies for is shut out by another bonus the player picks.
  const shutOut =
    chosen && chosen.bonusType !== "comboboost" ? qualifyingBoost(bet, bet.availableBonuses) : undefined;
  const boostShare = (odds: number) => (odds - 1000) / 1000;
  return (
    <div className={styles.bonus} data-bonus-picker={index}>
      <div className={styles.field}>
        <label htmlFor={`bonus-${index}`}>{t("label")}</label>
        <select
          id={`bonus-${index}`}
          data-bonus-select={index}
          value={chosen ? idOf(chosen) : ""}
          onChange={(e) => pick(bet.availableBonuses.find((b) => idOf(b) === e.target.value) ?? null)}
        >
          <option value="">{t("none")}</option>
          {bet.availableBonuses.map((b) => (
            <option key={idOf(b)} value={idOf(b)}>
              {label(b)}
            </option>
          ))}
        </select>
      </div>
      {freebet ? (
        <button
          type="button"
          className={styles.offer}
          data-use-freebet={freebet.bonusId}
          onClick={() => pick(freebet)}
        >
          {t("use", { bonus: label(freebet) })}
        </button>
      ) : null}
      {chosen && isFreebet(chosen.bonusType) ? (
        <p className={styles.hint} data-freebet-stake={bet.freebetStake}>
          {t(chosen.bonusType === "freebet_no_risk" ? "no-risk-note" : `note.${chosen.bonusType}`)}
        </p>
      ) : null}
      {chosen?.farming ? <FarmingHint bet={bet} farming={chosen.farming} currency={currency} /> : null}
      {chosen?.bonusType === "comboboost" && bet.bonusOdds !== undefined ? (
        <p className={styles.boost} data-bonus-odds={bet.bonusOdds}>
          {t("boost-applied", { name: chosen.name ?? "", share: boostShare(bet.bonusOdds) })}
        </p>
      ) : null}
      {shutOut && chosen ? (
        <p className={styles.hint} data-boost-shut-out={shutOut.bonusId}>
          {t("one-bonus", {
            boost: shutOut.name ?? "",
            share: boostShare(withBonusOdds({ ...bet, bonus: shutOut }).bonusOdds ?? 1000),
            name: chosen.name ?? "",
          })}
        </p>
      ) : null}
    </div>
  );
}

/** What a hunting or tournament makes of the bet: the points it farms, and a hunting's way to its reward. */
function FarmingHint({
  bet,
  farming,
  currency,
}: {
  bet: TicketBet;
  farming: NonNullable<SlipBonus["farming"]>;
  currency: Currency;
}) {
  const t = useTranslations("slip.bonus");
  const { locale } = useClientConfig();
  const { format } = useOddsFormat();
  const points = ticketBetPoints(bet) ?? 0;
  const reason = ticketBetNoPointsReason(bet);
  const why =
    reason === "odds"
      ? t("no-points-odds", { odds: displayOdds(farming.rule.minOdds, format) })
      : reason === "event_farmed"
        ? t("no-points-event")
        : t("no-points", {
            minimum: formatMoney(money(leastFarmingStake(farming.rule), currency.code), currency, locale),
          });
  const hint = (
    <p className={styles.hint} data-potential-points={points} data-no-points={reason}>
      {points > 0 ? t("points", { points }) : why}
      {farming.places
        ? null
        : farming.targetPoints !== undefined
          ? ` ${t("hunt", {
              points: farming.state.points,
              target: farming.targetPoints,
              reward: formatMoney(money(farming.rewardAmount ?? 0, currency.code), currency, locale),
            })}`
          : ` ${t("tournament", { points: farming.state.points })}`}
    </p>
  );
  return farming.places ? (
    <>
      {hint}
      <LootboxKeys places={farming.places} points={farming.state.points} />
    </>
  ) : (
    hint
  );
}

function CustomPrice({ odds }: { odds: number }) {
  const t = useTranslations("betbuilder");
  const { format } = useOddsFormat();
  return (
    <p className={styles.return}>
      {t("price")} <strong data-custom-odds={odds}>{displayOdds(odds, format)}</strong>
    </p>
  );
}

function StakeField({
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
  const extras = useSyncExternalStore(store.subscribe, store.getExtras, store.getExtras);
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
                console.error("reading the max stake failed", e);
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

/** What a player reads of a combo (its total odds) or a system (lines, stake per line, return range). */
function BetFigures({ bet, currency }: { bet: TicketBet; currency: Currency }) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  const { format } = useOddsFormat();
  const amount = (v: number) => formatMoney(money(v, currency.code), currency, locale);
  if (bet.betType === "combo") {
    const odds = comboOdds(
      bet.bonusOdds
        ? [...bet.selections.map((s) => s.odds), bet.bonusOdds]
        : bet.selections.map((s) => s.odds),
    );
    return (
      <p className={styles.return}>
        {t("total-odds")} <strong data-total-odds={odds}>{displayOdds(odds, format)}</strong>
      </p>
    );
  }
  const figures = ticketSystemFigures(bet);
  if (!figures || !bet.systemType) return null;
  const staked = effectiveStake(bet) > 0;
  return (
    <dl className={styles.figures} data-system-figures>
      <dt>{t("lines")}</dt>
      <dd data-lines={figures.lines}>{figures.lines}</dd>
      <dt>{t("line-stake")}</dt>
      <dd data-line-stake={figures.lineStake}>{amount(figures.lineStake)}</dd>
      {staked ? (
        <>
          <dt>{t("return-range")}</dt>
          <dd data-least-return={figures.least} data-most-return={figures.most}>
            {t("range", {
              least: amount(figures.least),
              most: amount(figures.most),
              win: bet.systemType.winCount,
              total: bet.systemType.totalCount,
            })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function Totals({
  bets,
  currency,
  maxPayout,
}: {
  bets: readonly TicketBet[];
  currency: Currency;
  maxPayout: number | undefined;
}) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  if (bets.length < 2) return null;
  const stake = bets.reduce((n, b) => n + effectiveStake(b), 0);
  const win = bets.reduce((n, b) => n + ticketBetReturn(b, maxPayout), 0);
  return (
    <dl className={styles.totals}>
      <dt>{t("total-stake")}</dt>
      <dd data-total-stake={stake}>{formatMoney(money(stake, currency.code), currency, locale)}</dd>
      <dt>{t("potential-return")}</dt>
      <dd>{formatMoney(money(win, currency.code), currency, locale)}</dd>
    </dl>
  );
}

function Placed({ bets, currency }: { bets: readonly TicketBet[]; currency: Currency }) {
  const t = useTranslations("slip");
  const { locale } = useClientConfig();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Place left with the placed bets: focus goes to the confirmation, not back to <body>.
    if (!document.activeElement || document.activeElement === document.body) box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className={styles.success} role="status" data-placed={bets.length}>
      <strong>{t("placed", { count: bets.length })}</strong>
      <ul>
        {bets.map((b) => (
          <li key={b.betId ?? b.selections[0]?.id} data-bet-id={b.betId}>
            {placedBetLine(b, t(`type.${b.betType}`), currency, locale)}
          </li>
        ))}
      </ul>
    </div>
  );
}
