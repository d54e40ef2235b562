import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "pages.general-rules" });
  return pageMetadata({ locale, path: "/general-rules", title: t("title") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "pages.general-rules" });
  return (
    <article className="page text-page" data-page="general_rules">
      <h1>{t("title")}</h1>
      <p>{t("body")}</p>
    </article>
  );
}
