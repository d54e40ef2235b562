"use client";
import { type Currency, formatAmount, money, parseAmount } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { loadSettings, saveSettings } from "../../player/player-settings";
import { OddsFormatSwitcher } from "../controls/OddsFormatSwitcher";
import { useClientConfig } from "../shell/ClientConfig";
import { OddsAcceptance } from "../ticket/OddsAcceptance";
import { useTicket } from "../ticket/TicketContext";
import styles from "./Profile.module.css";

/** Quick-stake buttons a player can set for one currency. */
const QUICK_STAKES = 4;

/**
 * Betting preferences kept with the account (SPEC §7 POST /settings): odds format, what happens when
 * odds move, and the quick-stake buttons of the player's currency. The slip follows each at once.
 */
export function BettingPreferences({ currency }: { currency: Currency }) {
  const t = useTranslations("profile.betting");
  const te = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const { store, load } = useTicket();
  const id = useId();
  const [all, setAll] = useState<Record<string, number[]> | null>(null);
  const [texts, setTexts] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "done"; text: string } | null>(null);

  useEffect(load, [load]);
  const { code, subunits, fiat } = currency;
  useEffect(() => {
    const unit = { code, subunits, fiat };
    let current = true;
    loadSettings(locale).then(
      (s) => {
        if (!current) return;
        setAll(s.stakes);
        const own = s.stakes[code] ?? [];
        setTexts(
          Array.from({ length: QUICK_STAKES }, (_, i) =>
            own[i] !== undefined ? formatAmount(money(own[i], code), unit) : "",
          ),
        );
      },
      (e: unknown) => {
        reportFailure("reading the settings", e);
        if (current) setMessage({ kind: "error", text: te("description") });
      },
    );
    return () => {
      current = false;
    };
  }, [locale, code, subunits, fiat, te]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const amounts: number[] = [];
    for (const [i, text] of texts.entries()) {
      if (text.trim() === "") continue;
      const parsed = parseAmount(text, currency);
      if (!parsed.ok || parsed.value.amount <= 0) {
        setInvalid(i);
        setMessage({ kind: "error", text: t("stake-invalid") });
        return;
      }
      amounts.push(parsed.value.amount);
    }
    setInvalid(null);
    const stakes = { ...(all ?? {}), [currency.code]: [...new Set(amounts)].sort((a, b) => a - b) };
    try {
      const saved = await saveSettings({ stakes }, locale);
      setAll(saved.stakes);
      store?.setQuickStakes(saved.stakes);
      setMessage({ kind: "done", text: t("saved") });
    } catch (err) {
      reportFailure("saving the quick stakes", err);
      setMessage({ kind: "error", text: te("description") });
    }
  };

  return (
    <section className={styles.section} aria-labelledby="betting-title" data-section="betting">
      <h2 id="betting-title">{t("title")}</h2>
      <div className={styles.settingRow}>
        <span>{t("odds-format")}</span>
        <OddsFormatSwitcher />
      </div>
      {store ? <OddsAcceptance store={store} /> : <p aria-busy="true" />}
      <form className={styles.form} onSubmit={save} noValidate data-form="quick-stakes">
        <fieldset className={styles.stakes}>
          <legend>{t("quick-stakes", { currency: currency.code })}</legend>
          {texts.map((text, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the inputs are fixed slots
              key={i}
              id={`${id}-${i}`}
              aria-label={t("quick-stake", { n: i + 1 })}
              inputMode="decimal"
              name={`stake-${i}`}
              value={text}
              aria-invalid={invalid === i || undefined}
              onChange={(e) => setTexts((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
            />
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary" data-action="save-stakes" disabled={!all}>
          {t("save-stakes")}
        </button>
      </form>
      {message ? (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={message.kind === "error" ? styles.error : styles.note}
          data-refusal={message.kind === "error" ? "stakes" : undefined}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
