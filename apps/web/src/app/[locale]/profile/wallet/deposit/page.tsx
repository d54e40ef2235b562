import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WalletPage } from "../../../../../components/wallet/WalletPages";
import { pageMetadata } from "../../../../../lib/metadata.server";
import { pageContext } from "../../../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "wallet" });
  return pageMetadata({ locale, path: "/profile/wallet/deposit", title: t("title"), index: false });
}

/** The wallet (SPEC path /profile/wallet/deposit): deposit through the provider, withdraw, payments. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "wallet" });
  return (
    <div className="page" data-page="wallet">
      <h1>{t("title")}</h1>
      <WalletPage />
    </div>
  );
}
