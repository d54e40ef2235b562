import Link from "next/link";
import { getTranslations } from "next-intl/server";
import styles from "./PlatformSwitcher.module.css";

/**
 * SPEC §2 platform-switcher: this sportsbook and the host platform it belongs to, side by side. The
 * platform's link leaves the frame when the site is framed: the platform's own page is the top one.
 */
export async function PlatformSwitcher({
  locale,
  home,
  platform,
}: {
  locale: string;
  /** This sportsbook's home, localized. */
  home: string;
  platform: { name: string; href: string };
}) {
  const t = await getTranslations({ locale });
  return (
    <nav className={styles.switcher} aria-label={t("blocks.platforms")}>
      <Link href={home} aria-current="page" prefetch={false}>
        {t("nav.sports")}
      </Link>
      <a href={platform.href} target="_top">
        {platform.name}
      </a>
    </nav>
  );
}
