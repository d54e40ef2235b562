"use client";
import { useTranslations } from "next-intl";
import { useOddsFormat } from "../../odds/OddsFormatContext";
import { isOddsFormat, ODDS_FORMATS } from "../../odds/odds-preference";

export function OddsFormatSwitcher() {
  const t = useTranslations("odds");
  const { format, setFormat } = useOddsFormat();
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
        {ODDS_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(f)}
          </option>
        ))}
      </select>
    </label>
  );
}
