"use client";
import { LIMIT_KIND, type Limit, type LimitPeriod, type LimitType } from "@sportsbook/contracts/identity";
import { formatMoney, money, parseAmount } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Limits.module.css";
import { cancelLimitChange, confirmLimit, fetchLimits, removeLimit, setLimit } from "./limits-api";

/** The limits a player sets here, in the order a player thinks of them. */
const TYPES: readonly LimitType[] = [
  "deposit",
  "loss",
  "wager",
  "bet",
  "session",
  "time",
  "reality_check",
  "activity",
  "coolingoff",
  "selfexclusion",
];
const SHORT: readonly LimitPeriod[] = ["day", "week", "month"];
const EXCLUSION_PERIODS: readonly LimitPeriod[] = ["day", "week", "month", "quarter", "half_year", "year"];

function periodsOf(type: LimitType): readonly LimitPeriod[] {
  const kind = LIMIT_KIND[type];
  if (kind === "exclusion") return EXCLUSION_PERIODS;
  return kind === "money_period" || kind === "time_period" ? SHORT : [];
}
const isMoney = (type: LimitType) => LIMIT_KIND[type] === "money_period" || LIMIT_KIND[type] === "money_bet";

/**
 * The responsible-gambling page (`/profile/limits`): every limit with its status, what is used this
 * period and when a pending change takes effect; setting one (stricter at once, looser after the
 * waiting time and a confirmation), confirming, withdrawing a change, and removing a limit.
 */
export function LimitsPanel() {
  const t = useTranslations("limits");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const account = currentAccount(player);
  const [limits, setLimits] = useState<Limit[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [type, setType] = useState<LimitType>("deposit");
  const [value, setValue] = useState("");
  const [period, setPeriod] = useState<LimitPeriod>("day");
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const signedIn = player.status === "logged_in";

  const reload = useCallback(() => {
    fetchLimits(locale).then(
      (read) => {
        setLimits(read);
        setFailed(false);
      },
      (e: unknown) => {
        reportFailure("reading the limits", e);
        setFailed(true);
      },
    );
  }, [locale]);
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);

  if (player.status === "not_logged_in") {
    return (
      <button type="button" className="btn btn-primary" onClick={() => openAuth("sign_in")}>
        {t("sign-in-first")}
      </button>
    );
  }
  if (!signedIn || !account) return <p aria-busy="true" />;

  const shown = (l: Limit): string => {
    if (l.value === null)
      return l.ends_at ? t("until", { at: new Date(l.ends_at).toLocaleString(locale) }) : "";
    if (isMoney(l.type)) {
      const currency = player.accounts.find((a) => a.code === l.currency) ?? account;
      return formatMoney(money(l.value, currency.code), currency, locale);
    }
    return t("minutes", { count: Math.round(l.value / 60) });
  };
  const after = (r: { ok: true } | { ok: false; message: string; field?: string }, message: string) => {
    if (r.ok) {
      setRefusal(null);
      setDone(message);
      reload();
    } else {
      setDone(null);
      setRefusal(r);
    }
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // What the form shows, not the state copies of it: a submit can arrive before React has
    // committed the last change (seen on a busy page right after it appears).
    const shown = new FormData(e.currentTarget);
    const limitType = TYPES.find((k) => k === shown.get("type")) ?? type;
    const entered = String(shown.get("value") ?? "").trim();
    const periods = periodsOf(limitType);
    const limitPeriod = periods.find((p) => p === shown.get("period")) ?? "day";
    let amount: number | undefined;
    if (LIMIT_KIND[limitType] !== "exclusion") {
      const parsed = isMoney(limitType)
        ? parseAmount(entered, account)
        : /^\d{1,6}$/.test(entered)
          ? { ok: true as const, value: { amount: Number(entered) * 60 } }
          : { ok: false as const };
      if (!parsed.ok || parsed.value.amount <= 0) {
        setRefusal({ message: t("value-invalid"), field: "body.value" });
        return;
      }
      amount = parsed.value.amount;
    }
    setLimit(
      {
        type: limitType,
        ...(amount !== undefined ? { value: amount } : {}),
        ...(periods.length > 0 ? { period: limitPeriod } : {}),
        ...(isMoney(limitType) ? { currency: account.code } : {}),
      },
      locale,
      t("failed"),
    ).then((r) => after(r, r.ok && r.limit.status === "active" ? t("set-now") : t("set-later")));
  };
  const pending = (l: Limit) => l.status === "unconfirmed" || l.status === "confirmed";
  const periodText = (p: LimitPeriod) => t(`period.${p}`);
  const valueError = refusal?.field === "body.value" || refusal?.field === "body.period";

  return (
    <div className={styles.limits}>
      <section aria-labelledby="limits-current">
        <h2 id="limits-current">{t("current")}</h2>
        {failed ? <p role="alert">{t("failed")}</p> : null}
        {!limits ? (
          <p aria-busy="true" />
        ) : limits.length === 0 ? (
          <p>{t("none")}</p>
        ) : (
          <ul className={styles.list}>
            {limits.map((l) => (
              <li key={l.id} data-limit={l.type} data-status={l.status} className={styles.row}>
                <strong>{t(`type.${l.type}`)}</strong>
                <span data-value>
                  {l.removal ? t("removal") : shown(l)}
                  {l.period && LIMIT_KIND[l.type] !== "exclusion" ? ` / ${periodText(l.period)}` : ""}
                </span>
                {l.used !== null && l.value !== null && !pending(l) ? (
                  <span className={styles.used}>
                    {t("used", { used: shown({ ...l, value: l.used }), limit: shown(l) })}
                  </span>
                ) : null}
                <span className={styles.status}>
                  {t(`status.${l.status}`)}
                  {pending(l)
                    ? ` · ${t("from", { at: new Date(l.effective_at).toLocaleString(locale) })}`
                    : ""}
                </span>
                <span className={styles.actions}>
                  {l.status === "unconfirmed" ? (
                    <button
                      type="button"
                      className="btn btn-primary"
                      data-action="confirm-limit"
                      onClick={() =>
                        confirmLimit(l.id, locale, t("failed")).then((r) => after(r, t("confirmed")))
                      }
                    >
                      {t("confirm")}
                    </button>
                  ) : null}
                  {pending(l) ? (
                    <button
                      type="button"
                      className="btn"
                      data-action="withdraw-change"
                      onClick={() =>
                        cancelLimitChange(l.id, locale, t("failed")).then((r) => after(r, t("withdrawn")))
                      }
                    >
                      {t("withdraw")}
                    </button>
                  ) : null}
                  {l.status === "active" && LIMIT_KIND[l.type] !== "exclusion" ? (
                    <button
                      type="button"
                      className="btn"
                      data-action="remove-limit"
                      onClick={() =>
                        removeLimit(l.type, locale, t("failed")).then((r) => after(r, t("set-later")))
                      }
                    >
                      {t("remove")}
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
        {done ? (
          <p role="status" data-result>
            {done}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="limits-set">
        <h2 id="limits-set">{t("set")}</h2>
        <p className={styles.note}>{t("rules")}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <label htmlFor="limit-type">{t("type-label")}</label>
          <select
            id="limit-type"
            name="type"
            value={type}
            onChange={(e) => {
              setType(e.target.value as LimitType);
              setRefusal(null);
            }}
          >
            {TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`type.${k}`)}
              </option>
            ))}
          </select>
          {LIMIT_KIND[type] !== "exclusion" ? (
            <>
              <label htmlFor="limit-value">
                {isMoney(type) ? t("amount", { currency: account.code }) : t("minutes-label")}
              </label>
              <input
                id="limit-value"
                name="value"
                inputMode={isMoney(type) ? "decimal" : "numeric"}
                autoComplete="off"
                value={value}
                aria-invalid={valueError || undefined}
                aria-describedby={valueError ? "limit-error" : undefined}
                onChange={(e) => setValue(e.target.value)}
              />
            </>
          ) : null}
          {periodsOf(type).length > 0 ? (
            <>
              <label htmlFor="limit-period">{t("period-label")}</label>
              <select
                id="limit-period"
                name="period"
                value={period}
                onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
              >
                {periodsOf(type).map((p) => (
                  <option key={p} value={p}>
                    {periodText(p)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {refusal ? (
            <p id="limit-error" className={styles.error} role="alert" data-refusal>
              {refusal.message}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" data-action="set-limit">
            {t("save")}
          </button>
        </form>
      </section>
    </div>
  );
}
