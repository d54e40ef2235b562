import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { type SearchParams, TIME_FILTERS } from "../../lib/list-query";
import { fetchSports } from "../../lib/sports.server";
import type { EventsFilter } from "../catalog/EventListBlock";

/** Sports offered as filters; the sport pages hold the rest. */
const SPORTS_SHOWN = 8;

/**
 * events-filter: sport and time choices kept in the page's query (`sport`, `time`), so the event
 * lists after it in the same placement read the same choice and a filtered page can be shared.
 */
export async function EventsFilterBlock({
  locale,
  query,
  filter,
}: {
  locale: string;
  query: SearchParams;
  filter: EventsFilter;
}) {
  const t = await getTranslations({ locale, namespace: "catalog" });
  const tb = await getTranslations({ locale, namespace: "blocks" });
  const sports = (await fetchSports(locale)).data
    .slice()
    .sort((a, b) => b.priority - a.priority)
    .slice(0, SPORTS_SHOWN);
  const link = (key: "sport" | "time", value: string | undefined) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (typeof v === "string") q.set(k, v);
    if (value === undefined) q.delete(key);
    else q.set(key, value);
    q.delete("page");
    return `?${q.toString()}`;
  };
  const current = filter.sports[0];
  return (
    <nav className="events-filter filters" aria-label={tb("filter")}>
      <span>{t("sports")}:</span>
      <Link
        href={link("sport", undefined)}
        aria-current={current ? undefined : "true"}
        prefetch={false}
        scroll={false}
      >
        {t("filter.all")}
      </Link>
      {sports.map((s) => (
        <Link
          key={s.key}
          href={link("sport", s.key)}
          aria-current={current === s.key ? "true" : undefined}
          data-sport={s.key}
          prefetch={false}
          scroll={false}
        >
          {s.name}
        </Link>
      ))}
      <span>{t("filter.time")}:</span>
      {TIME_FILTERS.map((f) => (
        <Link
          key={f}
          href={link("time", f === "all" ? undefined : f)}
          aria-current={filter.time === f ? "true" : undefined}
          data-time={f}
          prefetch={false}
          scroll={false}
        >
          {t(`filter.${f}`)}
        </Link>
      ))}
    </nav>
  );
}
