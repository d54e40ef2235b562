"use client";
import { trackedTags } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { currentAccountActionRoute, delegateToHost, postToHost } from "../../embed/host-link";
import { localizeHref } from "../../lib/locale-url";
import { useClientConfig } from "../shell/ClientConfig";
import { type AuthOutcome, redeemLinkToken, submitAuth } from "./auth-api";
import { type AuthFormId, cleanedUrl, formFromUrl } from "./auth-forms";

const Ctx = createContext<(form: AuthFormId | null) => void>(() => {});
export const useOpenAuthForm = () => useContext(Ctx);

const TAGS_KEY = "trackedTags";

interface LinkState {
  resetToken?: string;
  notice?: string;
}

/**
 * Opens the auth modal named by the URL hash or ?modal=, and follows e-mail links (confirmation,
 * unlock, password reset): their tokens are read, removed from the URL, then used once.
 */
export function AuthModalHost({ children }: { children: ReactNode }) {
  const [form, setShownForm] = useState<AuthFormId | null>(null);
  const [link, setLink] = useState<LinkState>({});
  const { locale, platform } = useClientConfig();
  // Sign-in and sign-up go to a host platform that handles them (SPEC §5), or nowhere when accounts
  // belong to the host and none that listens frames the page.
  const setForm = useCallback(
    (f: AuthFormId | null) => {
      const action = f === "sign_in" ? "sign-in" : f === "sign_up" ? "sign-up" : undefined;
      const route = action ? currentAccountActionRoute(action, platform.accounts) : "modal";
      if (route === "host" && action) delegateToHost(action);
      else if (route === "modal") setShownForm(f);
    },
    [platform.accounts],
  );
  useEffect(() => {
    if (form) postToHost("notify-modal-triggered", { modal: form });
  }, [form]);
  const t = useTranslations();
  const fallback = useRef(t("global-error.default.description"));
  useEffect(() => {
    const read = () => {
      const q = new URLSearchParams(window.location.search);
      const tags = trackedTags(Object.fromEntries(q));
      if (Object.keys(tags).length > 0) window.sessionStorage.setItem(TAGS_KEY, JSON.stringify(tags));
      const reset = q.get("reset_password_token");
      const confirmation = q.get("confirmation_token");
      const unlock = q.get("unlock_token");
      const f = formFromUrl(window.location);
      if (f || reset || confirmation || unlock) {
        window.history.replaceState(window.history.state, "", cleanedUrl(window.location));
      }
      if (reset) {
        setLink({ resetToken: reset });
        setForm("edit_password");
      } else if (confirmation || unlock) {
        const kind = confirmation ? "confirmation" : "unlock";
        void redeemLinkToken(kind, (confirmation ?? unlock) as string, locale, fallback.current).then((r) => {
          setLink({
            notice: r.ok ? t(kind === "confirmation" ? "auth.confirmed" : "auth.unlocked") : r.message,
          });
          setForm("sign_in");
        });
      } else if (f) setForm(f);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [locale, t, setForm]);
  return (
    <Ctx.Provider value={setForm}>
      {children}
      {form ? (
        <AuthDialog
          key={form}
          form={form}
          link={link}
          onClose={() => {
            setForm(null);
            setLink({});
          }}
        />
      ) : null}
    </Ctx.Provider>
  );
}

function storedTags(): Record<string, string> {
  try {
    const v = JSON.parse(window.sessionStorage.getItem(TAGS_KEY) ?? "{}") as unknown;
    return v && typeof v === "object" ? trackedTags(v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function AuthDialog({ form, link, onClose }: { form: AuthFormId; link: LinkState; onClose: () => void }) {
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
        className="modal-body"
        onSubmit={async (e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const get = (k: string) => {
            const v = data.get(k);
            return typeof v === "string" ? v : undefined;
          };
          setBusy(true);
          const r = await submitAuth(
            form,
            {
              email: get("email")?.trim(),
              password: get("password"),
              currentPassword: get("current_password"),
              termsAccepted: get("terms_accepted") === "on",
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
            {form === "sign_up" ? (
              <label className="checkbox">
                <input type="checkbox" name="terms_accepted" required />
                {t("terms")}
              </label>
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
