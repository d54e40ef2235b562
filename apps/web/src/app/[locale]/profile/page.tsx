import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProfilePage } from "../../../components/profile/ProfilePages";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "profile" });
  return pageMetadata({ locale, path: "/profile", title: t("title"), index: false });
}

/** The player's profile: details, phone, password, betting preferences and devices. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "profile" });
  return (
    <div className="page" data-page="profile">
      <h1>{t("title")}</h1>
      <ProfilePage />
    </div>
  );
}
