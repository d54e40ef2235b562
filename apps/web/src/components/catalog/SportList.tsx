import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { listOf, sportSchema } from "../../lib/catalog-schemas";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import { fetchCounters } from "./counters";

/** Sports with their event counters (SPEC §7 GET /sports, POST /counters). */
export async function SportList({ locale, settings }: { locale: string; settings: SiteSettings }) {
  const t = await getTranslations({ locale, namespace: "catalog" });
  const [sports, counters] = await Promise.all([
    apiGetOr("/sports", listOf(sportSchema), { locale }, { data: [] }),
    fetchCounters(locale),
  ]);
  if (sports.data.length === 0) return null;
  const ordered = [...sports.data].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  return (
    <nav className="sport-list" aria-label={t("sports")}>
      <h2 className="block-title">{t("sports")}</h2>
      <ul>
        {ordered.map((s) => (
          <li key={s.id}>
            <Link href={localizeHref(`/${s.key}`, locale, settings)} prefetch={false} data-sport={s.key}>
              <span>{s.name}</span>
              {counters.sports[s.id] !== undefined || counters.sports[s.key] !== undefined ? (
                <span className="counter">{counters.sports[s.id] ?? counters.sports[s.key]}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
