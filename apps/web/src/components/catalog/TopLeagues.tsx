import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { listOf, tournamentSchema } from "../../lib/catalog-schemas";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";

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
    listOf(tournamentSchema),
    { locale, query: { limit, sort_by: "priority" } },
    { data: [] },
  );
  const leagues = [...res.data].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0)).slice(0, limit);
  if (leagues.length === 0) return null;
  return (
    <nav className="top-leagues" aria-label={t("top-leagues")}>
      <h2 className="block-title">{t("top-leagues")}</h2>
      <ul>
        {leagues.map((l) => (
          <li key={l.id}>
            <Link
              href={localizeHref(`/${l.sport?.key ?? "sport"}/${l.slug}`, locale, settings)}
              prefetch={false}
            >
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
