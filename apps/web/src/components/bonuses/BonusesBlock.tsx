import { bonusesResponseSchema } from "@sportsbook/contracts/http/bonuses";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import { localizeHref } from "../../lib/locale-url";
import type { Block, SiteSettings } from "../../lib/site-settings";
import { PromotionsList } from "./BonusesLazy";

/** bonuses block: the running promotions with the player's state of each, four by default (SPEC §9). */
export async function BonusesBlock({
  block,
  locale,
  settings,
}: {
  block: Block;
  locale: string;
  settings: SiteSettings;
}) {
  const t = await getTranslations({ locale, namespace: "pages.promotions" });
  const cookie = (await headers()).get("cookie") ?? undefined;
  const limit = block.limit ?? 4;
  const bonuses = await apiGetOr(
    "/bonuses",
    bonusesResponseSchema,
    { locale, query: { filter: "valid", limit }, ...(cookie ? { cookie } : {}) },
    { data: [], pagination: { total: 0, page: 1, limit, last_page: 1 } },
  );
  return (
    <section aria-label={t("title")}>
      <h2 className="block-title">
        <Link href={localizeHref("/promotions", locale, settings)}>{t("title")}</Link>
      </h2>
      {bonuses.data.length === 0 ? (
        <p className="empty">{t("empty")}</p>
      ) : (
        <PromotionsList bonuses={bonuses.data} />
      )}
    </section>
  );
}
