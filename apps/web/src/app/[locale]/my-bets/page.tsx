import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MyBetsPage } from "../../../components/my-bets/MyBetsPage";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "mybets" });
  return pageMetadata({ locale, path: "/my-bets", title: t("title"), index: false });
}

/** The player's bets as a page (SPEC page id bets_history); the side panel's tab shows the same list. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "mybets" });
  return (
    <div className="page" data-page="bets_history">
      <h1>{t("title")}</h1>
      <MyBetsPage />
    </div>
  );
}
