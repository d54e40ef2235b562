import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "pages.about" });
  return pageMetadata({ locale, path: "/about", title: t("title") });
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "pages.about" });
  return (
    <article className="page text-page" data-page="about">
      <h1>{t("title")}</h1>
      <p>{t("body")}</p>
    </article>
  );
}
