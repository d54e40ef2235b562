"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useClientConfig } from "./ClientConfig";
import { CONSENT_COOKIE, type Consent, consentCookie, readConsent, shouldShowConsent } from "./consent";

export function CookieConsent() {
  const config = useClientConfig();
  const t = useTranslations("cookies");
  const [visible, setVisible] = useState(false);

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
    <section className="consent" aria-label="cookies">
      <p>{t("text")}</p>
      <div className="consent-actions">
        <button type="button" className="btn" onClick={() => answer("necessary")}>
          {t("decline")}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => answer("all")}>
          {t("accept")}
        </button>
      </div>
    </section>
  );
}
