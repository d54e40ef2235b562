import { jackpotHitsResponseSchema, jackpotsResponseSchema } from "@sportsbook/contracts/http/jackpots";
import { JACKPOT_HITS_LIMIT } from "@sportsbook/domain";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { apiGetOr } from "../../lib/api.server";
import type { Block, SiteSettings } from "../../lib/site-settings";
import { JackpotLive } from "./JackpotLive";
import { JackpotHits } from "./JackpotsLazy";
import { jackpotAmountTexts } from "./jackpot-money";

/** jackpot banner and jackpot card blocks (SPEC §2): the running jackpots, kept live in the page. */
export async function JackpotBlock({
  block,
  locale,
  settings,
}: {
  block: Block;
  locale: string;
  settings: SiteSettings;
}) {
  if (!settings.features.jackpots) return null;
  const t = await getTranslations({ locale, namespace: "jackpots" });
  const jackpots = await apiGetOr("/jackpots", jackpotsResponseSchema, { locale }, { data: [] });
  if (jackpots.data.length === 0) return null;
  const variant = block.kind === "jackpot-banner" ? "banner" : "card";
  return (
    <section aria-label={t("title")} data-block-kind={block.kind}>
      {variant === "card" ? <h2 className="block-title">{t("title")}</h2> : null}
      <JackpotLive
        initial={jackpots.data}
        variant={variant}
        texts={jackpotAmountTexts(jackpots.data, locale)}
      />
    </section>
  );
}

/** jackpot leaderboard block (SPEC §2): the latest hits, ten by default (SPEC §9). */
export async function JackpotLeaderboardBlock({
  block,
  locale,
  settings,
}: {
  block: Block;
  locale: string;
  settings: SiteSettings;
}) {
  if (!settings.features.jackpots) return null;
  const t = await getTranslations({ locale, namespace: "jackpots" });
  const limit = block.limit ?? JACKPOT_HITS_LIMIT;
  // with the player's cookie, their own hits are marked
  const cookie = (await headers()).get("cookie") ?? undefined;
  const hits = await apiGetOr(
    "/jackpot-hits",
    jackpotHitsResponseSchema,
    { locale, query: { limit }, ...(cookie ? { cookie } : {}) },
    { data: [], pagination: { total: 0, page: 1, limit, last_page: 1 } },
  );
  return (
    <section aria-label={t("leaderboard")} data-block-kind={block.kind}>
      <h2 className="block-title">{t("leaderboard")}</h2>
      <JackpotHits initial={hits.data} limit={limit} />
    </section>
  );
}
