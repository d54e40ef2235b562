"use client";
import { trackedTags } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { localizeHref } from "../../lib/locale-url";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./AuthDialog.module.css";
import { type AuthOutcome, submitAuth } from "./auth-api";
import type { AuthFormId } from "./auth-forms";
import { SignUpFields } from "./SignUpFields";
import { TAGS_KEY } from "./tracked-tags";

/** What an e-mail link brought: a password reset's token, or a notice to show. */
export interface LinkState {
  resetToken?: string;
  notice?: string;
}

function storedTags(): Record<string, string> {
  try {
    const v = JSON.parse(window.sessionStorage.getItem(TAGS_KEY) ?? "{}") as unknown;
    return v && typeof v === "object" ? trackedTags(v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The auth modal of one form: its fields, its submission and the API's answer. */
export default function AuthDialog({
  form,
  link,
  onClose,
}: {
  form: AuthFormId;
  link: LinkState;
  onClose: () => void;
}) {
  const t = useTranslations("auth");
  const tn = useTranslations("nav");
  const tg = useTranslations("global-error.default");
  const config = useClientConfig();
  const { locale } = config;
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuthOutcome | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  const isPassword = form === "edit_password" || form === "confirm_password";
  const needsPassword = form === "sign_in" || form === "sign_up" || isPassword;
  const needsEmail = !isPassword;
  const needsCurrent = isPassword && !link.resetToken;
  const done = result?.ok === true && result.next !== "reload";
  return (
    <dialog ref={ref} className="modal" data-modal={form} aria-labelledby="auth-title" onClose={onClose}>
      <form
        className={`modal-body ${styles.form}`}
        onSubmit={async (e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const get = (k: string) => {
            const v = data.get(k);
            return typeof v === "string" ? v : undefined;
          };
          if (form === "confirm_password" && get("password") !== get("password_confirmation")) {
            setResult({ ok: false, message: t("passwords-differ") });
            return;
          }
          setBusy(true);
          const r = await submitAuth(
            form,
            {
              email: get("email")?.trim(),
              password: get("password"),
              currentPassword: get("current_password"),
              termsAccepted: get("terms_accepted") === "on",
              dateOfBirth: get("date_of_birth"),
              country: get("country"),
              currency: get("currency"),
            },
            { locale, resetToken: link.resetToken, tags: storedTags() },
            tg("description"),
          );
          setBusy(false);
          setResult(r);
          if (r.ok && r.next === "reload") window.location.reload();
          // SPEC §6: a blocked country gets the page that says so, naming the country
          else if (!r.ok && r.blockedCountry !== undefined)
            window.location.assign(
              localizeHref(
                `/blocked${r.blockedCountry ? `?country=${r.blockedCountry}` : ""}`,
                locale,
                config,
              ),
            );
        }}
      >
        <h2 id="auth-title">{t(form)}</h2>
        {link.notice ? (
          <p className="notice" role="status">
            {link.notice}
          </p>
        ) : null}
        {done ? (
          <p role="status" data-result={result.next}>
            {t(result.next)}
          </p>
        ) : (
          <>
            {needsEmail ? (
              <label>
                {t("email")}
                <input type="email" name="email" autoComplete="email" required maxLength={254} />
              </label>
            ) : null}
            {needsCurrent ? (
              <label>
                {t("current-password")}
                <input
                  type="password"
                  name="current_password"
                  autoComplete="current-password"
                  required
                  maxLength={128}
                />
              </label>
            ) : null}
            {needsPassword ? (
              <label>
                {t("password")}
                <input
                  type="password"
                  name="password"
                  autoComplete={form === "sign_in" ? "current-password" : "new-password"}
                  required
                  minLength={form === "sign_in" ? 1 : 8}
                  maxLength={128}
                />
              </label>
            ) : null}
            {form === "confirm_password" ? (
              <label>
                {t("repeat-password")}
                <input
                  type="password"
                  name="password_confirmation"
                  autoComplete="new-password"
                  required
                  minLength={8}
                  maxLength={128}
                />
              </label>
            ) : null}
            {form === "sign_up" ? (
              <>
                <SignUpFields locale={locale} />
                <label className={styles.checkbox}>
                  <input type="checkbox" name="terms_accepted" required />
                  {t("terms")}
                </label>
                <p className="hint" data-terms-links>
                  <a
                    href={localizeHref("/terms-and-conditions", config.locale, config)}
                    target="_blank"
                    rel="noopener"
                  >
                    {tn("terms-and-conditions")}
                  </a>{" "}
                  ·{" "}
                  <a
                    href={localizeHref("/help-center", config.locale, config)}
                    target="_blank"
                    rel="noopener"
                  >
                    {tn("help-center")}
                  </a>
                </p>
              </>
            ) : null}
            {result && !result.ok ? (
              <p className="form-error" role="alert">
                {result.message}
              </p>
            ) : null}
            {form === "sign_in" ? (
              <p className="hint">
                <a href="#forgot-password">{t("forgot_password")}</a> · <a href="#sign-up">{t("sign_up")}</a>
              </p>
            ) : null}
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {tn("close")}
          </button>
          {done ? null : (
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("submit")}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
