import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { sportsResponseSchema } from "../../lib/catalog-schemas";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import { fetchCounters } from "./counters";

/** Sports with their event counters (SPEC §7 GET /sports, POST /counters). */
export async function SportList({ locale, settings }: { locale: string; settings: SiteSettings }) {
  const t = await getTranslations({ locale, namespace: "catalog" });
  const [sports, counters] = await Promise.all([
    apiGetOr("/sports", sportsResponseSchema, { locale }, { data: [] }),
    fetchCounters(locale),
  ]);
  if (sports.data.length === 0) return null;
  const ordered = [...sports.data].sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
  return (
    <nav className="sport-list" aria-label={t("sports")}>
      <h2 className="block-title">{t("sports")}</h2>
      <ul>
        {ordered.map((s) => (
          <li key={s.id}>
            <Link href={localizeHref(`/${s.key}`, locale, settings)} prefetch={false} data-sport={s.key}>
              <span>{s.name}</span>
              <span className="counter">{counters.sports[String(s.id)] ?? 0}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
