"use client";
import { useTranslations } from "next-intl";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { isOddsFormat, ODDS_FORMATS } from "../../odds/odds-preference";
import { useClientConfig } from "../shell/ClientConfig";

export function OddsFormatSwitcher() {
  const t = useTranslations("odds");
  const { format, setFormat } = useOddsFormat();
  const offered = useClientConfig().oddsFormats ?? ODDS_FORMATS;
  return (
    <label className="select">
      <span className="sr-only">{t("label")}</span>
      <select
        name="odds-format"
        value={format}
        onChange={(e) => {
          if (isOddsFormat(e.target.value)) setFormat(e.target.value);
        }}
      >
        {offered.map((f) => (
          <option key={f} value={f}>
            {t(f)}
          </option>
        ))}
      </select>
    </label>
  );
}
