import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ListPage } from "../../../components/catalog/ListPage";
import type { SearchParams } from "../../../lib/list-query";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "pages.racing" });
  return pageMetadata({ locale, path: "/racing", title: t("title") });
}

/** Shown only when the settings enable it (SPEC §6 settings-gated sections). */
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  const { settings } = await pageContext(locale);
  if (!settings.features.horseRacing) notFound();
  const t = await getTranslations({ locale, namespace: "pages.racing" });
  return (
    <ListPage
      locale={locale}
      settings={settings}
      pageId="horse_racing"
      path="/racing"
      title={t("title")}
      searchParams={await searchParams}
      fixed={{ sport_key: "horse-racing" }}
      tabs={false}
    />
  );
}
