"use client";
import { type Currency, comboOdds, effectiveStake, stakeFromBonus } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useLive } from "../../live/LiveProvider";
import { useLiveStore } from "../../live/LiveStoreContext";
import { PROVIDERS_KEY } from "../../live/live-store";
import { usePlayer, useUserEvents } from "../../player/player-context";
import { loadSettings } from "../../player/player-settings";
import { currentAccount } from "../../player/player-store";
import { announceBonusesChanged, BONUSES_CHANGED } from "../bonuses/bonus-events";
import { fetchSlipJackpots } from "../jackpots/jackpot-api";
import { useAlerts } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import { pageAnalytics } from "./analytics";
import { CustomBetTicket } from "./CustomBetTicket";
import { deviceId } from "./device-id";
import { isPanelDocked } from "./docked";
import { placedBetLine } from "./placed-bet";
import { ShareNotFound } from "./ShareNotFound";
import type { SelectionRegistry } from "./selection-registry";
import { loadSharedSlip } from "./share";
import { fetchSlipAmbs, fetchSlipBonuses, slipBonusKey } from "./slip-bonuses";
import { followSlip } from "./slip-follow";
import { liveKeys, liveRefresh } from "./slip-live-sync";
import { maxStakes, submitBets } from "./ticket-api";
import { TicketStore } from "./ticket-store";

/** Typing a stake changes it at every key: the jackpots and ambs are asked for once it rests. */
const SLIP_READ_DEBOUNCE_MS = 400;

/**
 * Creates the slip once its code has loaded and keeps it in step with the page: the player's
 * currency and sign-in, live odds and match states of its selections, balance changes for quick bet.
 */
export default function TicketEngine({
  registry,
  onReady,
  shareCode,
}: {
  registry: SelectionRegistry;
  onReady(store: TicketStore): void;
  /** A shared slip's code from the page's link: its bets replace the saved ones (SPEC §4). */
  shareCode: string | null;
}) {
  const config = useClientConfig();
  const player = usePlayer();
  const alerts = useAlerts();
  const t = useTranslations();
  const live = useLiveStore();
  const rt = useLive();
  const [store, setStore] = useState<TicketStore | null>(null);
  const texts = useRef(t);
  texts.current = t;
  const account = currentAccount(player);

  useEffect(() => {
    let cancelled = false;
    const report = (reason: string) => console.error(`bet slip: ${reason}`);
    // SPEC §3: the device id (local storage and its long-lived cookie) is kept from the slip's start.
    deviceId();
    loadSettings(config.locale)
      .then((settings) => {
        if (cancelled) return;
        const currencies: Currency[] = settings.currencies;
        const currency = currencies.find((c) => c.code === settings.default_currency) ??
          currencies[0] ?? { code: "EUR", subunits: 2, fiat: true };
        const s = new TicketStore(
          {
            currency,
            oddsAcceptMode: settings.auto_accept_odds_change,
            multiSingleAvailableByProvider: settings.multi_bet_settings.available_by_provider,
            providerStatuses: settings.provider_statuses,
          },
          {
            submit: (bets, quick) =>
              submitBets(bets, {
                quick,
                deviceId: deviceId(),
                locale: config.locale,
                idempotencyKey: crypto.randomUUID(),
              }),
            openSignIn: () => {
              window.location.hash = "sign-in";
            },
            alert: (title, description) =>
              alerts.push({
                kind: "danger",
                title: texts.current(title as never),
                description: texts.current(description as never),
              }),
            // the custom-bet ticket shows the bet that opened it, read once the reducer has added it
            openModal: (modal, reason) =>
              window.dispatchEvent(
                new CustomEvent("sb:ticket-modal", {
                  detail: {
                    modal,
                    reason,
                    bet: s.get().bets.find((b) => b.betType === "custom_bet"),
                  },
                }),
              ),
            report,
            storage: window.sessionStorage,
            track: pageAnalytics(),
          },
          registry,
          { stakes: settings.stakes, currencies },
        );
        // SPEC §3 isMyBetsVisible: the panel never stays on a tab the operator turned off.
        if (config.myBetsVisible === false) s.dispatch({ type: "myBetsVisibilitySet", visible: false });
        if (shareCode) {
          s.dispatch({ type: "restoreStarted" });
          void loadSharedSlip(shareCode, config.locale, currency.code).then((shared) =>
            s.dispatch(
              shared.ok
                ? { type: "restored", bets: shared.bets, source: "share", currencies, rates: [] }
                : { type: "restoreFailed", reason: shared.reason },
            ),
          );
        } else s.restoreFromStorage(currencies);
        setStore(s);
        onReady(s);
      })
      .catch((e: unknown) => {
        report(e instanceof Error ? e.message : String(e));
        alerts.push({
          kind: "danger",
          title: texts.current("global-error.default.title"),
          description: texts.current("global-error.default.description"),
        });
      });
    return () => {
      cancelled = true;
    };
  }, [config.locale, config.myBetsVisible, alerts, registry, onReady, shareCode]);

  // SPEC §4: a provider going down makes its picks unavailable on the slip, and back up available.
  useEffect(() => {
    if (!store) return;
    const apply = () => {
      const statuses = live.providerStatuses();
      if (Object.keys(statuses).length > 0) store.dispatch({ type: "providerStatusesChanged", statuses });
    };
    apply();
    return live.subscribe(PROVIDERS_KEY, apply);
  }, [store, live]);

  // The slip is in the player's currency; signing out turns quick bet off (SPEC §4).
  useEffect(() => {
    if (!store || !account) return;
    store.dispatch({ type: "currencyChanged", currency: account });
  }, [store, account]);
  useEffect(() => {
    if (store && player.status === "not_logged_in") store.dispatch({ type: "signedOut" });
  }, [store, player.status]);
  // A player's own acceptance policy and quick stakes replace the system's once signed in.
  const signedIn = player.status === "logged_in";
  useEffect(() => {
    if (!store || !signedIn) return;
    let current = true;
    loadSettings(config.locale)
      .then((settings) => {
        if (!current) return;
        store.dispatch({ type: "oddsAcceptModeSet", mode: settings.auto_accept_odds_change });
        store.setQuickStakes(settings.stakes);
      })
      .catch((e: unknown) => console.error("bet slip: reading the player's settings failed", e));
    return () => {
      current = false;
    };
  }, [store, signedIn, config.locale]);
  useUserEvents((e) => {
    if (store && e.type === "balance_changed")
      store.dispatch({ type: "balanceChanged", amount: e.balance, currency: e.currency });
    if (e.type === "bonus_issued") announceBonusesChanged();
  });

  // The bonuses each bet may use (SPEC §4 bonus selection): read again whenever the slip's bets
  // change, a bet is placed (it may have spent its freebet) or the player's bonuses change.
  useEffect(() => {
    if (!store) return;
    if (!signedIn) {
      store.get().bets.forEach((b, betIndex) => {
        if (b.availableBonuses.length > 0 || b.bonus)
          store.dispatch({ type: "availableBonusesChanged", betIndex, bonuses: [] });
      });
      return;
    }
    let current = true;
    let asked = 0;
    let key: string | null = null;
    const keyOf = () =>
      `${slipBonusKey(store.get().bets)}#${store
        .get()
        .placedBets.map((b) => b.betId)
        .join(",")}`;
    const read = () => {
      const bets = store.get().bets;
      if (bets.length === 0) return;
      const ask = ++asked;
      const sent = slipBonusKey(bets);
      fetchSlipBonuses(bets, config.locale)
        .then((offered) => {
          // an answer for bets the slip no longer holds, or overtaken by a later one, is dropped
          if (!current || ask !== asked || slipBonusKey(store.get().bets) !== sent) return;
          for (const [betIndex, bonuses] of offered.entries())
            store.dispatch({ type: "availableBonusesChanged", betIndex, bonuses });
        })
        .catch((e: unknown) => console.error("bet slip: reading the bonuses failed", e));
    };
    const follow = () => {
      const next = keyOf();
      if (next === key) return;
      key = next;
      read();
    };
    follow();
    const stop = store.subscribe(follow);
    window.addEventListener(BONUSES_CHANGED, read);
    return () => {
      current = false;
      stop();
      window.removeEventListener(BONUSES_CHANGED, read);
    };
  }, [store, signedIn, config.locale]);

  // The jackpots each bet plays for (SPEC §7 POST /jackpots), read again a moment after its stake,
  // odds or bonus last changed.
  useEffect(() => {
    if (!store || !signedIn) return;
    const played = () =>
      store.get().bets.map((b) => ({
        stake: { value: effectiveStake(b), currency: b.currency },
        odds:
          b.customOdds ??
          (b.betType === "single"
            ? (b.selections[0]?.odds ?? 1000)
            : comboOdds(b.selections.map((s) => s.odds))),
        freebet: b.bonus !== undefined && stakeFromBonus(b.bonus.bonusType),
      }));
    return followSlip(
      store,
      played,
      (sent, stillCurrent) => {
        if (sent.length === 0) return;
        fetchSlipJackpots(sent, config.locale)
          .then((ids) => {
            if (!stillCurrent()) return;
            for (const [betIndex, jackpots] of ids.entries())
              store.dispatch({ type: "jackpotsChanged", betIndex, jackpots });
          })
          .catch((e: unknown) => console.error("bet slip: reading the jackpots failed", e));
      },
      SLIP_READ_DEBOUNCE_MS,
    );
  }, [store, signedIn, config.locale]);

  // SPEC §5 stake limits: each bet's maximum stake, read again when its selections, prices or type
  // change, so the slip disables placing above it before the server refuses.
  useEffect(() => {
    if (!store || !signedIn) return;
    const priced = () =>
      store
        .get()
        .bets.map((b) => [slipBonusKey([b]), b.systemType?.winCount ?? 0, b.selections.map((s) => s.odds)]);
    return followSlip(
      store,
      priced,
      (_sent, stillCurrent) => {
        const bets = store.get().bets;
        store.setMaxStakes(undefined);
        if (bets.length === 0) return;
        maxStakes(bets, config.locale)
          .then((most) => {
            if (stillCurrent()) store.setMaxStakes(most);
          })
          .catch((e: unknown) => console.error("bet slip: reading the maximum stakes failed", e));
      },
      SLIP_READ_DEBOUNCE_MS,
    );
  }, [store, signedIn, config.locale]);

  // SPEC §6 amb progress bar: how far the slip's bets would take the player's freebet ambs. A bet a
  // freebet pays, or without a stake, is not counted, so it is not sent.
  useEffect(() => {
    if (!store || !signedIn || !config.ambProgressBar) return;
    const counted = () =>
      store
        .get()
        .bets.filter((b) => effectiveStake(b) > 0 && !(b.bonus && stakeFromBonus(b.bonus.bonusType)));
    const snapshot = () => counted().map((b) => [slipBonusKey([b]), effectiveStake(b)]);
    return followSlip(
      store,
      snapshot,
      (_sent, stillCurrent) => {
        if (store.get().bets.length === 0) return;
        fetchSlipAmbs(counted(), config.locale)
          .then((ambs) => {
            if (stillCurrent()) store.setAmbs(ambs);
          })
          .catch((e: unknown) => console.error("bet slip: reading the amb progress failed", e));
      },
      SLIP_READ_DEBOUNCE_MS,
    );
  }, [store, signedIn, config.locale, config.ambProgressBar]);

  // Placements are told in alerts where the panel cannot tell them. A quick bet is placed with one
  // click, wherever the panel is. A slip's placement clears its selections, and the sheet closes
  // with the last of them (SPEC §4 bet slip panel): below the docked width the receipt the docked
  // panel shows would leave with it.
  useEffect(() => {
    if (!store) return;
    let last = store.get();
    return store.subscribe(() => {
      const s = store.get();
      const before = last;
      last = s;
      const t = texts.current;
      const q = s.quickBet;
      if (q.state !== before.quickBet.state) {
        if (q.state === "success") alerts.push({ kind: "success", title: t("slip.quick.placed") });
        else if (q.state === "error" && q.error) {
          const message = q.error.startsWith("error.") ? t(q.error as never) : q.error;
          alerts.push({ kind: "danger", title: t("slip.quick.failed"), description: message });
        }
      }
      if (s.ticketState !== before.ticketState && s.ticketState === "SUCCESS" && !isPanelDocked())
        alerts.push({
          kind: "success",
          title: t("slip.placed", { count: s.placedBets.length }),
          description: s.placedBets
            .map((b) => placedBetLine(b, t(`slip.type.${b.betType}`), s.config.currency, config.locale))
            .join(", "),
        });
    });
  }, [store, alerts, config.locale]);

  // Live odds and match states of the slip's selections, whatever page is open.
  const [matchIds, setMatchIds] = useState<string>("");
  useEffect(() => {
    if (!store) return;
    let release: (() => void)[] = [];
    let keysKey = "";
    const follow = () => {
      const bets = store.get().bets;
      const keys = liveKeys(bets);
      if (keys.join(",") === keysKey) return;
      keysKey = keys.join(",");
      for (const r of release) r();
      release = keys.map((k) =>
        live.subscribe(k, () => {
          for (const a of liveRefresh(store.get().bets, live)) store.dispatch(a);
        }),
      );
      setMatchIds([...new Set(bets.flatMap((b) => b.selections.map((s) => s.matchId)))].sort().join(","));
    };
    follow();
    const stop = store.subscribe(follow);
    return () => {
      stop();
      for (const r of release) r();
    };
  }, [store, live]);
  useEffect(() => {
    if (!rt || !matchIds) return;
    return rt.watchMatches(matchIds.split(","));
  }, [rt, matchIds]);

  return (
    <>
      <ShareNotFound />
      <CustomBetTicket />
    </>
  );
}
