import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { apiGetOr } from "../../../lib/api.server";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

// The bonus API lists promotions as `data`; only the fields shown here are read.
const bonusSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().max(300),
  type: z.string().max(50).optional(),
  status: z.string().max(50).optional(),
  valid_to: z.string().max(50).nullish(),
});

const bonusesSchema = z.object({ data: z.array(bonusSchema) });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "pages.promotions" });
  return pageMetadata({ locale, path: "/promotions", title: t("title") });
}

/** Promotions (page id `promotions`): what the bonus API lists. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "pages.promotions" });
  const bonuses = await apiGetOr("/bonuses", bonusesSchema, { locale }, { data: [] });
  return (
    <div className="page" data-page="promotions">
      <h1>{t("title")}</h1>
      {bonuses.data.length === 0 ? (
        <p className="empty">{t("empty")}</p>
      ) : (
        <ul className="bonus-list">
          {bonuses.data.map((b) => (
            <li key={b.id} data-bonus-type={b.type}>
              <strong>{b.name}</strong>
              {b.valid_to ? <time dateTime={b.valid_to}> {b.valid_to.slice(0, 10)}</time> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
