"use client";
import { useTranslations } from "next-intl";
import styles from "./BetSlip.module.css";
import { Slip } from "./Slip";
import { useTicket } from "./TicketContext";

/** The bet slip (SPEC §2 side panel, §4 ticket flow): selections, type, stakes, returns and placing. */
export default function BetSlip() {
  const { store } = useTicket();
  const t = useTranslations("slip");
  if (!store) return <p className={styles.empty}>{t("loading")}</p>;
  return <Slip store={store} />;
}
