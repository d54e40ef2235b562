"use client";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Profile.module.css";
import { sendPhoneCode, verifyPhone } from "./profile-api";

/**
 * Phone verification (SPEC §2 modal, §3 isVerified): a code is sent by SMS to the number given (or
 * the one on file), then the six digits verify it. Refusals stand beside their field.
 */
export function PhoneVerificationForm({
  phone,
  onVerified,
}: {
  phone: string | null;
  onVerified: (phone: string | null) => void;
}) {
  const t = useTranslations("profile.phone");
  const te = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const id = useId();
  const [number, setNumber] = useState(phone ?? "");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | null>(null);

  // Both calls read the fields themselves, not state copies of them: a tap can arrive before React
  // has committed the last keystroke (or the code the phone filled in).
  const send = async (form: HTMLFormElement | null) => {
    setBusy(true);
    const next = String((form ? new FormData(form).get("phone") : number) ?? "").trim();
    const r = await sendPhoneCode(next && next !== phone ? next : undefined, locale, te("description"));
    setBusy(false);
    setRefusal(r.ok ? null : r);
    if (r.ok) setSent(true);
  };
  const verify = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const entered = String(new FormData(e.currentTarget).get("code") ?? "").trim();
    setBusy(true);
    const r = await verifyPhone(entered, locale, te("description"));
    setBusy(false);
    if (!r.ok) {
      setRefusal({ ...r, field: r.field ?? "body.code" });
      return;
    }
    setRefusal(null);
    onVerified(r.value.phone);
  };
  const wrong = (field: string) => refusal?.field === field;
  return (
    <form className={styles.form} onSubmit={verify} noValidate data-form="phone-verification">
      <div className={styles.field}>
        <label htmlFor={`${id}-phone`}>{t("number")}</label>
        <div className={styles.settingRow}>
          <input
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={16}
            value={number}
            aria-invalid={wrong("body.phone") || undefined}
            onChange={(e) => setNumber(e.target.value)}
          />
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={(e) => send(e.currentTarget.form)}
            data-action="send-code"
          >
            {sent ? t("resend") : t("send")}
          </button>
        </div>
        {wrong("body.phone") ? (
          <p className={styles.error} data-refusal="phone">
            {refusal?.message}
          </p>
        ) : null}
        {sent ? (
          <p role="status" className={styles.note}>
            {t("sent")}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-code`}>{t("code")}</label>
        <input
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-invalid={wrong("body.code") || undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {wrong("body.code") ? (
          <p className={styles.error} data-refusal="code">
            {refusal?.message}
          </p>
        ) : null}
      </div>
      {refusal && !wrong("body.phone") && !wrong("body.code") ? (
        <p className={styles.error} role="alert" data-refusal="form">
          {refusal.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy} data-action="verify-phone">
        {t("verify")}
      </button>
    </form>
  );
}
