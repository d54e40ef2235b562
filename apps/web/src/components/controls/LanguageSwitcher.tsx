"use client";
import { useTranslations } from "next-intl";
import { apiFetch, jsonBody } from "../../lib/client-api";
import { switchLocaleUrl } from "../../lib/locale-url";
import { usePlayer } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";

const NAMES: Record<string, string> = {
  en: "English",
  es: "Español",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  tr: "Türkçe",
  ar: "العربية",
  fr: "Français",
  it: "Italiano",
  ru: "Русский",
  he: "עברית",
  fa: "فارسی",
  ur: "اردو",
};

/** Switching locale rewrites the current path for the new locale and keeps query and hash (SPEC §2). */
export function LanguageSwitcher() {
  const config = useClientConfig();
  const t = useTranslations("language");
  const signedIn = usePlayer().status === "logged_in";
  return (
    <label className="select">
      <span className="sr-only">{t("label")}</span>
      <select
        name="language"
        value={config.locale}
        onChange={(e) => {
          const to = e.target.value;
          // biome-ignore lint/suspicious/noDocumentCookie: the locale preference is a cookie (SPEC §3 storage).
          document.cookie = `locale=${to}; Max-Age=31536000; Path=/; SameSite=Lax`;
          window.localStorage.setItem("locale", to);
          // The player's own preference (SPEC §3), which e-mails follow; kept alive across the navigation.
          if (signedIn) {
            apiFetch("/player/locale", { method: "PUT", keepalive: true, ...jsonBody({ locale: to }) }).catch(
              (err: unknown) => console.error("saving the locale preference failed", err),
            );
          }
          // A full navigation: lang, dir and every server-rendered text change with the locale.
          window.location.assign(switchLocaleUrl(window.location, to, config));
        }}
      >
        {config.locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l] ?? l}
          </option>
        ))}
      </select>
    </label>
  );
}
