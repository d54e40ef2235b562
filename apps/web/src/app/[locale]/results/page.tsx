import { MATCH_STATUS } from "@sportsbook/domain";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ListPage } from "../../../components/catalog/ListPage";
import type { SearchParams } from "../../../lib/list-query";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "nav" });
  return pageMetadata({ locale, path: "/results", title: t("results") });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  const { settings } = await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "nav" });
  return (
    <ListPage
      locale={locale}
      settings={settings}
      pageId="results"
      path="/results"
      title={t("results")}
      searchParams={await searchParams}
      fixed={{ match_status: MATCH_STATUS.finished }}
      tabs={false}
    />
  );
}
