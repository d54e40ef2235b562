"use client";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { type AuthFormId, cleanedUrl, formFromUrl } from "./auth-forms";

const Ctx = createContext<(form: AuthFormId | null) => void>(() => {});
export const useOpenAuthForm = () => useContext(Ctx);

/** Opens the auth modal named by the URL hash or ?modal=, then removes it from the URL. */
export function AuthModalHost({ children }: { children: ReactNode }) {
  const [form, setForm] = useState<AuthFormId | null>(null);
  const token = useRef<string | null>(null);
  useEffect(() => {
    const read = () => {
      const f = formFromUrl(window.location);
      const reset = new URLSearchParams(window.location.search).get("reset_password_token");
      if (reset) token.current = reset;
      if (f || reset) {
        setForm(f ?? "edit_password");
        window.history.replaceState(window.history.state, "", cleanedUrl(window.location));
      }
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const open = useCallback((f: AuthFormId | null) => setForm(f), []);
  return (
    <Ctx.Provider value={open}>
      {children}
      {form ? <AuthDialog form={form} onClose={() => setForm(null)} /> : null}
    </Ctx.Provider>
  );
}

function AuthDialog({ form, onClose }: { form: AuthFormId; onClose: () => void }) {
  const t = useTranslations("auth");
  const tn = useTranslations("nav");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  const needsPassword =
    form === "sign_in" || form === "sign_up" || form === "edit_password" || form === "confirm_password";
  const needsEmail = form !== "edit_password" && form !== "confirm_password";
  return (
    <dialog ref={ref} className="modal" data-modal={form} aria-labelledby="auth-title" onClose={onClose}>
      <form method="dialog" className="modal-body">
        <h2 id="auth-title">{t(form)}</h2>
        {needsEmail ? (
          <label>
            {t("email")}
            <input type="email" name="email" autoComplete="email" required maxLength={254} />
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
              minLength={8}
              maxLength={128}
            />
          </label>
        ) : null}
        <p className="hint">{t("not-available")}</p>
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {tn("close")}
          </button>
          <button type="submit" className="btn btn-primary" disabled>
            {t("submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
