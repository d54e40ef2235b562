import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";

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
  if (settings.features.horseRacing) items.push({ path: "/racing", key: "racing" });
  if (settings.features.lottery) items.push({ path: "/lotteries", key: "lotteries" });
  if (settings.features.premiumCricket) items.push({ path: "/premium-cricket", key: "premium-cricket" });
  return (
    <nav className="sub-menu" aria-label={t("menu")}>
      {items.map((i) => (
        <Link key={i.path} href={localizeHref(i.path, locale, settings)} prefetch={false}>
          {t(i.key)}
        </Link>
      ))}
    </nav>
  );
}
