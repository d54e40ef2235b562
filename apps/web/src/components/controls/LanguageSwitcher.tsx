"use client";
import { useTranslations } from "next-intl";
import { switchLocale } from "../../lib/switch-locale";
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
        onChange={(e) => switchLocale(e.target.value, config, signedIn)}
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
