import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { localizeHref } from "../../lib/locale-url";
import { type Block, pickText, type SiteSettings } from "../../lib/site-settings";
import styles from "./SpeedDial.module.css";

/** The sections a speed dial offers when the operator lists none. */
const DEFAULT_DIAL = ["/live", "/favorites", "/my-bets", "/results"] as const;

/** speed-dial: a floating button unfolding the operator's shortcuts (no script needed to open it). */
export async function SpeedDial({
  block,
  locale,
  settings,
}: {
  block: Block;
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "blocks" });
  const nav = await getTranslations({ locale, namespace: "nav" });
  const links =
    block.links?.map((l) => ({ href: l.href, text: pickText(l.text, locale) })) ??
    DEFAULT_DIAL.map((href) => ({
      href,
      text: href === "/my-bets" ? t("my-bets") : nav(href.slice(1) as "live" | "favorites" | "results"),
    }));
  return (
    <details className={styles.dial}>
      <summary aria-label={pickText(block.text, locale) || t("shortcuts")}>
        <span aria-hidden="true">+</span>
      </summary>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={localizeHref(l.href, locale, settings)} prefetch={false}>
              {l.text}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
