"use client";

import { localText } from "@sportsbook/domain";
import { useState } from "react";
import { BonusCardView } from "../components/bonuses/BonusCardView";
import { MESSAGE_LOCALES } from "../lib/locales";
import styles from "./PromotionPreview.module.css";
import { t } from "./strings";

const s = t.promotions;

/** The first banner of the banners' JSON as typed, when it parses and names a usable image. */
function firstBanner(banners: string | undefined) {
  let banner: { id?: string; desktop?: { url?: string; alt?: string } } | undefined;
  try {
    const list: unknown = banners ? JSON.parse(banners) : [];
    if (Array.isArray(list)) banner = list[0] as typeof banner;
  } catch {
    banner = undefined;
  }
  const url = banner?.desktop?.url;
  if (!url || !(url.startsWith("/") || url.startsWith("https://"))) return undefined;
  return { id: banner?.id, url, alt: banner?.desktop?.alt ?? "" };
}

/** The state a player sees now, from the dates typed (a player's own state needs their copy). */
function phaseOf(validFrom: string, validTo: string): "upcoming" | "ended" | "running" {
  const now = Date.now();
  const from = validFrom ? Date.parse(`${validFrom}:00Z`) : undefined;
  const to = validTo ? Date.parse(`${validTo}:00Z`) : undefined;
  return from !== undefined && from > now ? "upcoming" : to !== undefined && to <= now ? "ended" : "running";
}

/**
 * The player's promotion card for a definition, drawn by the card `/promotions` draws
 * (`components/bonuses/BonusCardView.tsx`), in the chosen language with the player's fallback.
 */
export function PromotionPreview({
  kind,
  name,
  description,
  validFrom,
  validTo,
  banners,
}: {
  kind: string;
  name: Record<string, string>;
  description: Record<string, string>;
  validFrom: string;
  validTo: string;
  banners?: string;
}) {
  const [locale, setLocale] = useState<string>("en");
  const phase = phaseOf(validFrom, validTo);
  return (
    <aside className={styles.preview} aria-label={s.preview}>
      <h2>{s.preview}</h2>
      <label>
        {s.previewLanguage}
        <select value={locale} onChange={(e) => setLocale(e.target.value)} name="preview_locale">
          {MESSAGE_LOCALES.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <small>{s.previewNote}</small>
      <ul className={styles.list} dir={locale === "ar" || locale === "he" ? "rtl" : "ltr"} lang={locale}>
        <BonusCardView
          type={kind}
          typeLabel={s.types[kind] ?? kind}
          status={phase === "running" ? "available" : phase}
          statusLabel={s.phases[phase] ?? phase}
          name={localText(name, locale)}
          description={localText(description, locale)}
          validUntil={validTo ? `${s.validUntil} ${validTo.slice(0, 10)}` : undefined}
          banner={firstBanner(banners)}
        />
      </ul>
    </aside>
  );
}
