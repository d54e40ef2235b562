"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useClientConfig } from "./ClientConfig";
import styles from "./CookieConsent.module.css";
import { CONSENT_COOKIE, type Consent, consentCookie, readConsent, shouldShowConsent } from "./consent";
import { EarlyScript } from "./EarlyScript";

/**
 * Hides the server-rendered banner before the first paint where the rule hides it but the server
 * could not tell: inside a frame, or answered in local storage only.
 */
const HIDE_EARLY = `try{if(self!==top||localStorage.getItem(${JSON.stringify(CONSENT_COOKIE)}))document.currentScript.parentNode.hidden=true}catch(e){}`;

/**
 * The consent banner. The server renders it when no consent cookie came with the request, so a
 * first visit paints it with the page instead of after hydration; the client then applies the
 * whole rule (frame, local storage).
 */
export function CookieConsent({ initiallyVisible, nonce }: { initiallyVisible: boolean; nonce?: string }) {
  const config = useClientConfig();
  const t = useTranslations("cookies");
  const [visible, setVisible] = useState(initiallyVisible);

  useEffect(() => {
    let inFrame = true;
    try {
      inFrame = window.self !== window.top;
    } catch {
      // A cross-origin parent makes window.top unreadable: that is a frame.
    }
    setVisible(
      shouldShowConsent({
        inFrame,
        isLighthouse: config.isLighthouse,
        isMobileApp: config.isMobileApp,
        enabled: config.cookieConsent,
        stored: readConsent(document.cookie, window.localStorage),
      }),
    );
  }, [config]);

  if (!visible) return null;
  const answer = (value: Consent) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the consent must reach the server as a cookie.
    document.cookie = consentCookie(value, location.protocol === "https:");
    window.localStorage.setItem(CONSENT_COOKIE, value);
    setVisible(false);
  };
  return (
    <section className={styles.consent} aria-label="cookies" data-consent suppressHydrationWarning>
      <p>{t("text")}</p>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={() => answer("necessary")}>
          {t("decline")}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => answer("all")}>
          {t("accept")}
        </button>
      </div>
      {/* After the content: running it earlier would let a first paint show a half-parsed banner. */}
      <EarlyScript code={HIDE_EARLY} nonce={nonce} />
    </section>
  );
}
