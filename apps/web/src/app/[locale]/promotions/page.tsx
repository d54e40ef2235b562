import { bonusesResponseSchema } from "@sportsbook/contracts/http/bonuses";
import { BONUS_LIST_FILTERS, type BonusListFilter } from "@sportsbook/domain";
import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PromoCodeForm } from "../../../components/bonuses/PromoCodeForm";
import { PromotionsList } from "../../../components/bonuses/PromotionsList";
import { JackpotBlock } from "../../../components/jackpots/JackpotBlocks";
import { apiGetOr } from "../../../lib/api.server";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext, requestSiteSettings } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ tab?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "pages.promotions" });
  return pageMetadata({ locale, path: "/promotions", title: t("title") });
}

const isTab = (v: unknown): v is BonusListFilter => BONUS_LIST_FILTERS.includes(v as BonusListFilter);

/**
 * Promotions (page id `promotions`, SPEC §4 list filter Past / Valid / Upcoming): the operator's
 * bonuses with the player's own state of each, and promo code entry.
 */
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  const { href } = await pageContext(locale);
  const query = await searchParams;
  const tab = isTab(query.tab) ? query.tab : "valid";
  const t = await getTranslations({ locale, namespace: "pages.promotions" });
  const cookie = (await headers()).get("cookie") ?? undefined;
  const bonuses = await apiGetOr(
    "/bonuses",
    bonusesResponseSchema,
    { locale, query: { filter: tab, limit: 100 }, ...(cookie ? { cookie } : {}) },
    { data: [], pagination: { total: 0, page: 1, limit: 100, last_page: 1 } },
  );
  return (
    <div className="page" data-page="promotions">
      <h1>{t("title")}</h1>
      <nav className="tabs" aria-label={t("tabs")}>
        {BONUS_LIST_FILTERS.map((f) => (
          <Link
            key={f}
            href={href(f === "valid" ? "/promotions" : `/promotions?tab=${f}`)}
            aria-current={f === tab ? "page" : undefined}
            data-tab={f}
          >
            {t(`tab.${f}`)}
          </Link>
        ))}
      </nav>
      <PromoCodeForm />
      {/* the running jackpots are promotions too: their card, pools moving live */}
      {tab === "valid" ? (
        <JackpotBlock
          block={{ kind: "jackpot-card", mode: "tile", width: "default" }}
          locale={locale}
          settings={await requestSiteSettings()}
        />
      ) : null}
      {bonuses.data.length === 0 ? (
        <p className="empty">{t("empty")}</p>
      ) : (
        <PromotionsList bonuses={bonuses.data} />
      )}
    </div>
  );
}
