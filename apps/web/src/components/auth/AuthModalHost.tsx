"use client";
import { trackedTags } from "@sportsbook/domain";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { currentAccountActionRoute, delegateToHost, postToHost } from "../../embed/host-link";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import type { LinkState } from "./AuthDialog";
import { type AuthFormId, cleanedUrl, formFromUrl, formShows } from "./auth-forms";
import { TAGS_KEY } from "./tracked-tags";

// The dialog and the calls it makes load when a form first opens: most pages are never signed into.
const AuthDialog = dynamic(() => import("./AuthDialog"), { ssr: false });

const Ctx = createContext<(form: AuthFormId | null) => void>(() => {});
export const useOpenAuthForm = () => useContext(Ctx);

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
  // While a reset link's token is held, the password form it asks for is the confirm-password one.
  const resetHeld = useRef(false);
  const setForm = useCallback(
    (asked: AuthFormId | null) => {
      const f = asked === "edit_password" && resetHeld.current ? "confirm_password" : asked;
      const action = f === "sign_in" ? "sign-in" : f === "sign_up" ? "sign-up" : undefined;
      const route = action ? currentAccountActionRoute(action, platform.accounts) : "modal";
      if (route === "host" && action) delegateToHost(action);
      else if (route === "modal") setShownForm(f);
    },
    [platform.accounts],
  );
  const { status } = usePlayer();
  // A visitor's form asked for by the URL waits for the auth status; a signed-in player never sees it.
  const shown = form && formShows(form, status) ? form : null;
  useEffect(() => {
    if (form && status === "logged_in" && !formShows(form, status)) setShownForm(null);
  }, [form, status]);
  useEffect(() => {
    if (shown) postToHost("notify-modal-triggered", { modal: shown });
  }, [shown]);
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
        // SPEC §2: the reset link's token leads to the confirm-password form, the new password typed twice
        resetHeld.current = true;
        setLink({ resetToken: reset });
        setForm("confirm_password");
      } else if (confirmation || unlock) {
        const kind = confirmation ? "confirmation" : "unlock";
        void import("./auth-api")
          .then(({ redeemLinkToken }) =>
            redeemLinkToken(kind, (confirmation ?? unlock) as string, locale, fallback.current),
          )
          .then((r) => {
            setLink({
              notice: r.ok ? t(kind === "confirmation" ? "auth.confirmed" : "auth.unlocked") : r.message,
            });
            setForm("sign_in");
          })
          .catch((err: unknown) => reportFailure("following the e-mail link", err));
      } else if (f) setForm(f);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [locale, t, setForm]);
  return (
    <Ctx.Provider value={setForm}>
      {children}
      {shown ? (
        <AuthDialog
          key={shown}
          form={shown}
          link={link}
          onClose={() => {
            resetHeld.current = false;
            setForm(null);
            setLink({});
          }}
        />
      ) : null}
    </Ctx.Provider>
  );
}
