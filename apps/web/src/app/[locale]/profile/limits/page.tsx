import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LimitsPage } from "../../../../components/limits/LimitsPages";
import { pageMetadata } from "../../../../lib/metadata.server";
import { pageContext } from "../../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "limits" });
  return pageMetadata({ locale, path: "/profile/limits", title: t("title"), index: false });
}

/** Responsible gambling: the player's limits, exclusion and cooling-off. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "limits" });
  return (
    <div className="page" data-page="limits">
      <h1>{t("title")}</h1>
      <LimitsPage />
    </div>
  );
}
