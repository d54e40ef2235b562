import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { fetchBookSettings } from "../../lib/book-settings.server";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import styles from "./SubMenu.module.css";

/** The main sections; the settings-gated ones appear only when enabled (SPEC §6). */
export async function SubMenu({ locale, settings }: { locale: string; settings: SiteSettings }) {
  const t = await getTranslations({ locale, namespace: "nav" });
  const items: { path: string; key: Parameters<typeof t>[0] }[] = [
    { path: "/", key: "sports" },
    { path: "/live", key: "live" },
    { path: "/cybersport", key: "cybersport" },
    { path: "/schedule", key: "schedule" },
    { path: "/results", key: "results" },
    { path: "/favorites", key: "favorites" },
    { path: "/promotions", key: "promotions" },
  ];
  // a section is there when the site lists its matches or the server's settings offer its game
  const { products } = await fetchBookSettings(locale);
  if (settings.features.horseRacing || products.horse_racing.enabled)
    items.push({ path: "/racing", key: "racing" });
  if (settings.features.lottery || products.lotto.enabled)
    items.push({ path: "/lotteries", key: "lotteries" });
  if (settings.features.premiumCricket || products.premium_cricket.enabled)
    items.push({ path: "/premium-cricket", key: "premium-cricket" });
  return (
    <nav className={styles.subMenu} aria-label={t("menu")}>
      {items.map((i) => (
        <Link key={i.path} href={localizeHref(i.path, locale, settings)} prefetch={false}>
          {t(i.key)}
        </Link>
      ))}
    </nav>
  );
}
