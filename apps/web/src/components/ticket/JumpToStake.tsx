"use client";
import { useTranslations } from "next-intl";
import styles from "./JumpToStake.module.css";
import { useTicket } from "./TicketContext";

/** The stake field of the slip the player sees (the docked column, or the phone's sheet). */
function visibleStake(): HTMLInputElement | undefined {
  return [...document.querySelectorAll<HTMLInputElement>("[data-ticket-panel] [data-stake-input]")].find(
    (input) => input.offsetParent !== null,
  );
}

/**
 * Offered right after a price a keyboard player added: the next Tab reaches it, and it takes the
 * focus to the stake, where the page's order would need dozens of Tabs through the other prices.
 * Hidden until focused, like the skip link; it leaves as the focus does.
 */
export function JumpToStake({ onDone }: { onDone: () => void }) {
  const t = useTranslations("slip");
  const { openPanel } = useTicket();
  return (
    <button
      type="button"
      className={styles.jump}
      data-action="jump-to-stake"
      onBlur={onDone}
      onClick={() => {
        const stake = visibleStake();
        if (stake) stake.focus();
        else openPanel("BET_SLIP");
      }}
    >
      {t("to-stake")}
    </button>
  );
}
