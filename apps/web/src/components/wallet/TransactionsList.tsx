"use client";
import type { transactionsResponseSchema } from "@sportsbook/contracts/http/payments";
import { formatMoney, money } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Wallet.module.css";
import { fetchTransactions } from "./wallet-api";

type Answer = z.infer<typeof transactionsResponseSchema>;

/** Every change of the player's balances, newest first, a page at a time, each with its cause. */
export function TransactionsList() {
  const t = useTranslations("wallet");
  const tg = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);
  const signedIn = player.status === "logged_in";
  useEffect(() => {
    if (!signedIn) return;
    fetchTransactions(page, locale)
      .then((a) => {
        setAnswer(a);
        setFailed(false);
      })
      .catch((e: unknown) => {
        reportFailure("reading the transactions", e);
        setFailed(true);
      });
  }, [signedIn, page, locale]);
  if (player.status === "not_logged_in") {
    return (
      <button type="button" className="btn btn-primary" onClick={() => openAuth("sign_in")}>
        {t("sign-in-first")}
      </button>
    );
  }
  if (failed) return <p role="alert">{tg("description")}</p>;
  if (!answer) return <p aria-busy="true" />;
  if (answer.data.length === 0) return <p className={styles.note}>{t("no-transactions")}</p>;
  const show = (m: { value: number; currency: string; subunits: number }) =>
    formatMoney(money(m.value, m.currency), { code: m.currency, subunits: m.subunits, fiat: true }, locale);
  const { last_page } = answer.pagination;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" });
  return (
    <>
      {/* On a phone the four columns can be wider than the screen: the table scrolls in its own box
          (which the keyboard can reach) instead of the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <section className={styles.scroll} aria-label={t("transactions")} tabIndex={0}>
        <table className={styles.table} data-transactions>
          <thead>
            <tr>
              <th scope="col">{t("when")}</th>
              <th scope="col">{t("what")}</th>
              <th scope="col">{t("amount")}</th>
              <th scope="col">{t("balance-after")}</th>
            </tr>
          </thead>
          <tbody>
            {answer.data.map((row) => (
              <tr key={row.id} data-kind={row.kind}>
                <td>
                  <time dateTime={row.created_at}>{when.format(new Date(row.created_at))}</time>
                </td>
                <td>
                  {t.has(`kind.${row.kind}`) ? t(`kind.${row.kind}`) : row.kind}{" "}
                  <span className={styles.note}>
                    {t(`reference.${row.reference.type === "bet" ? "bet" : "payment"}`, {
                      id: row.reference.id,
                    })}
                  </span>
                </td>
                <td className={styles.amount} data-amount={row.amount.value}>
                  {show(row.amount)}
                </td>
                <td className={styles.amount}>{show(row.balance_after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav className={styles.pager} aria-label={t("pages")}>
        <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t("newer")}
        </button>
        <span>{t("page-of", { page, last: last_page })}</span>
        <button type="button" className="btn" disabled={page >= last_page} onClick={() => setPage(page + 1)}>
          {t("older")}
        </button>
      </nav>
    </>
  );
}
