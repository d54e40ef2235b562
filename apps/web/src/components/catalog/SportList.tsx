import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { localizeHref } from "../../lib/locale-url";
import type { SiteSettings } from "../../lib/site-settings";
import { fetchSports } from "../../lib/sports.server";
import { fetchCounters } from "./counters";
import styles from "./LinkList.module.css";
import { sportRows } from "./sport-rows";

/** Sports with their event counters (SPEC §7 GET /sports, POST /counters). */
export async function SportList({ locale, settings }: { locale: string; settings: SiteSettings }) {
  const t = await getTranslations({ locale, namespace: "catalog" });
  const [sports, counters] = await Promise.all([fetchSports(locale), fetchCounters(locale)]);
  if (sports.data.length === 0) return null;
  const rows = sportRows(sports.data, counters.sports);
  return (
    <nav className={styles.nav} data-sport-list aria-label={t("sports")}>
      <h2 className="block-title">{t("sports")}</h2>
      <ul>
        {rows.map((s) => (
          <li key={s.key}>
            <Link href={localizeHref(`/${s.key}`, locale, settings)} prefetch={false} data-sport={s.key}>
              <span>{s.name}</span>
              <span className={styles.counter}>{s.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
