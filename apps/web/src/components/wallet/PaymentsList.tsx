"use client";
import type { Payment } from "@sportsbook/contracts/http/payments";
import { formatMoney, money } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Wallet.module.css";
import { cancelWithdrawal } from "./wallet-api";

/** The player's recent deposits and withdrawals; a withdrawal still under request can be taken back. */
export function PaymentsList({
  payments,
  onChanged,
}: {
  payments: readonly Payment[];
  onChanged: () => void;
}) {
  const t = useTranslations("wallet");
  const tg = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const [error, setError] = useState<string | null>(null);
  if (payments.length === 0) return <p className={styles.note}>{t("no-payments")}</p>;
  return (
    <>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className={styles.list}>
        {payments.map((p) => (
          <li key={p.id} data-payment={p.id} data-direction={p.direction} data-status={p.status}>
            <span>{t(`direction.${p.direction}`)}</span>
            <span className={styles.amount}>
              {formatMoney(
                money(p.amount.value, p.amount.currency),
                { ...p.amount, code: p.amount.currency, fiat: true },
                locale,
              )}
            </span>
            <span className={styles.badge} data-status={p.status}>
              {t(`status.${p.status}`)}
            </span>
            <time dateTime={p.created_at}>{new Date(p.created_at).toLocaleString(locale)}</time>
            {p.direction === "withdrawal" && p.status === "requested" ? (
              <button
                type="button"
                className="btn"
                data-action="cancel-withdrawal"
                onClick={async () => {
                  const result = await cancelWithdrawal(p.id, locale, tg("description")).catch(
                    (e: unknown) => {
                      reportFailure("cancelling the withdrawal", e);
                      return { ok: false as const, message: tg("description") };
                    },
                  );
                  setError(result.ok ? null : result.message);
                  onChanged();
                }}
              >
                {t("cancel-withdrawal")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
