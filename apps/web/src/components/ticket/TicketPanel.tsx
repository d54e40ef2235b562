"use client";
import type { BetSlipTab } from "@sportsbook/domain";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { onEngagedIdle } from "../../lib/idle";
import { useAlertsStandAbove } from "../shell/Alerts";
import { useClientConfig } from "../shell/ClientConfig";
import { DOCKED, isPanelDocked } from "./docked";
import { useSelectionCount, useTicket } from "./TicketContext";
import styles from "./TicketPanel.module.css";
// The slip's stylesheets ship with the page rather than with the slip's code: React holds every
// commit of the page while a stylesheet a render brings in loads, so the slip appearing would take
// back the letters a player typed meanwhile (the search box).
import "./BetSlip.module.css";
import "../wallet/Wallet.module.css";
import "../bonuses/BonusCardView.module.css";
import "../bonuses/LootboxKeys.module.css";
import "../bonuses/PromoCodeForm.module.css";
import "../../backoffice/PromotionPreview.module.css";
import "../bonuses/PromotionsList.module.css";

const BetSlip = dynamic(() => import("./BetSlip"), { ssr: false });
const MyBetsPanel = dynamic(() => import("../my-bets/MyBetsPanel"), { ssr: false });
const SlipReturn = dynamic(() => import("./SlipReturn"), { ssr: false });

/** The slip's own code ahead of a first click on a price (the engine's is warmed beside it). */
const warmSlipCode = () =>
  import("./BetSlip").catch((e: unknown) => reportFailure("loading the slip's code ahead of a click", e));

function useDocked(): boolean | null {
  return useSyncExternalStore(
    (l) => {
      const q = window.matchMedia(DOCKED);
      q.addEventListener("change", l);
      return () => q.removeEventListener("change", l);
    },
    isPanelDocked,
    () => null,
  );
}

const CLOSED = { isOpen: false, tab: "BET_SLIP" as BetSlipTab };

/**
 * The side panel (SPEC §2: tabs BET_SLIP and MY_BETS; toggle, open, close, set tab). Its state is the
 * slip's own (the domain reducer opens it when the first selection arrives and closes it with the
 * last); the slip code loads when the panel is first used.
 */
export function TicketPanel({ placement }: { placement: "docked" | "sheet" }) {
  const { store, load, openPanel, pendingTab } = useTicket();
  useEffect(() => onEngagedIdle(warmSlipCode), []);
  const config = useClientConfig();
  const t = useTranslations("slip");
  const count = useSelectionCount();
  const docked = useDocked();
  const panel = useSyncExternalStore(
    (l) => store?.subscribe(l) ?? (() => {}),
    () => (store ? store.get().panel : CLOSED),
    () => CLOSED,
  );
  const sheet = useRef<HTMLElement>(null);
  useAlertsStandAbove(sheet, placement === "sheet" && docked === false);
  const dispatch = (action: Parameters<NonNullable<typeof store>["dispatch"]>[0]) => {
    if (store) store.dispatch(action);
    else if (action.type === "panelOpened" || action.type === "panelTabSet")
      openPanel(action.tab ?? "BET_SLIP");
    else load();
  };

  // One panel on the page: docked on wide screens (rendered by the server there), a sheet below.
  if (placement === "docked" ? docked === false : docked !== false) return null;
  const myBetsVisible = config.myBetsVisible !== false;
  const tab = myBetsVisible ? (pendingTab ?? panel.tab) : "BET_SLIP";
  const tabs = myBetsVisible ? (["BET_SLIP", "MY_BETS"] as const) : (["BET_SLIP"] as const);
  const body = (
    <>
      <div className={styles.tabs} role="tablist" aria-label={t("panel")}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`ticket-tab-${k}`}
            aria-selected={tab === k}
            aria-controls="ticket-panel-body"
            className={styles.tab}
            onClick={() => dispatch({ type: "panelTabSet", tab: k })}
          >
            {t(k === "BET_SLIP" ? "tab-slip" : "tab-my-bets")}
            {k === "BET_SLIP" && count > 0 ? <span className={styles.badge}>{count}</span> : null}
          </button>
        ))}
      </div>
      <div
        id="ticket-panel-body"
        role="tabpanel"
        aria-labelledby={`ticket-tab-${tab}`}
        className={styles.body}
      >
        {tab === "MY_BETS" ? (
          <MyBetsPanel />
        ) : store ? (
          <BetSlip />
        ) : (
          <p className={styles.empty}>{t("empty")}</p>
        )}
      </div>
    </>
  );
  if (placement === "docked") {
    return (
      // The slip's code loads as the player reaches for the panel (pointer or keyboard), so its quick
      // bet switch is there when wanted without weighing on pages that are only browsed.
      <section
        className={styles.docked}
        aria-label={t("panel")}
        data-ticket-panel="docked"
        onPointerEnter={store ? undefined : load}
        onFocus={store ? undefined : load}
      >
        {body}
      </section>
    );
  }
  const open = panel.isOpen || pendingTab !== null;
  // Below the docked width the slip is a non-modal bottom sheet: a bar with the count and the return,
  // expanded over the lower part of the screen only, so the prices above stay tappable and a combo
  // is built without closing it; the slip's actions stay pinned at the sheet's foot.
  return (
    <section
      ref={sheet}
      className={styles.sheet}
      data-open={open || undefined}
      aria-label={t("panel")}
      data-ticket-panel="sheet"
    >
      <button
        type="button"
        className={styles.handle}
        aria-expanded={open}
        aria-controls={open ? "ticket-sheet-body" : undefined}
        data-action="toggle-slip"
        hidden={!open && count === 0}
        onClick={() => dispatch(open ? { type: "panelClosed" } : { type: "panelOpened", tab: "BET_SLIP" })}
      >
        <span className={styles.handleTitle}>
          {t("tab-slip")}
          {count > 0 ? (
            <span className={styles.badge} data-slip-count={count}>
              {count}
            </span>
          ) : null}
        </span>
        {count > 0 ? <SlipReturn /> : null}
        <span className={styles.chevron} aria-hidden="true">
          {open ? "▾" : "▴"}
        </span>
      </button>
      {open ? (
        <div id="ticket-sheet-body" className={styles.sheetBody}>
          {body}
        </div>
      ) : null}
    </section>
  );
}
