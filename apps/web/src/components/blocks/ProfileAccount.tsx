"use client";
import { formatMoney, money } from "@sportsbook/domain";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { localizeHref } from "../../lib/locale-url";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./PlayerBlocks.module.css";

/** The profile block of a signed-in player: name, balance and the ways to the account. */
export function ProfileAccount() {
  const t = useTranslations("blocks");
  const player = usePlayer();
  const config = useClientConfig();
  const href = (path: string) => localizeHref(path, config.locale, config);
  const p = player.profile;
  if (!p) return null;
  const name = p.nickname ?? ([p.firstName, p.lastName].filter(Boolean).join(" ") || p.email);
  const account = currentAccount(player);
  return (
    <>
      <p className={styles.name}>{name}</p>
      {account ? (
        <p className={styles.balance} data-balance={account.balance}>
          {formatMoney(money(account.balance, account.code), account, config.locale)}
        </p>
      ) : null}
      <nav aria-label={t("account")}>
        <Link href={href("/profile")} prefetch={false}>
          {t("profile")}
        </Link>
        <Link href={href("/my-bets")} prefetch={false}>
          {t("my-bets")}
        </Link>
        <Link href={href("/profile/wallet/deposit")} prefetch={false}>
          {t("deposit")}
        </Link>
      </nav>
    </>
  );
}
