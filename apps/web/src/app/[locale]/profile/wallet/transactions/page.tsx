import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TransactionsPage } from "../../../../../components/wallet/WalletPages";
import { pageMetadata } from "../../../../../lib/metadata.server";
import { pageContext } from "../../../../../lib/request.server";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "wallet" });
  return pageMetadata({
    locale,
    path: "/profile/wallet/transactions",
    title: t("transactions"),
    index: false,
  });
}

/** The player's ledger history (SPEC path /profile/wallet/transactions), with each posting's cause. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "wallet" });
  return (
    <div className="page" data-page="transactions">
      <h1>{t("transactions")}</h1>
      <TransactionsPage />
    </div>
  );
}
