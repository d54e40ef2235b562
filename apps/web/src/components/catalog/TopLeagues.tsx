import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { tournamentsResponseSchema } from "../../lib/catalog-schemas";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import styles from "./LinkList.module.css";

/** The highest-priority leagues (SPEC §7 GET /tournaments). */
export async function TopLeagues({
  locale,
  settings,
  limit,
}: {
  locale: string;
  settings: SiteSettings;
  limit: number;
}) {
  const t = await getTranslations({ locale, namespace: "catalog" });
  const res = await apiGetOr(
    "/tournaments",
    tournamentsResponseSchema,
    { locale, query: { limit: 100 } },
    { data: [], pagination: { total: 0, page: 1, limit: 100, last_page: 1 } },
  );
  const leagues = [...res.data].sort((a, b) => b.priority - a.priority).slice(0, limit);
  if (leagues.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label={t("top-leagues")}>
      <h2 className="block-title">{t("top-leagues")}</h2>
      <ul>
        {leagues.map((l) => (
          <li key={l.id}>
            <Link href={localizeHref(`/${l.sport.key}/${l.slug}`, locale, settings)} prefetch={false}>
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
