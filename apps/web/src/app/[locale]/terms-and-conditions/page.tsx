import type { Metadata } from "next";
import { InfoPageView, infoPageMetadata } from "../../../components/pages/InfoPage";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return infoPageMetadata((await params).locale, "terms-and-conditions");
}

export default async function Page({ params }: Props) {
  return <InfoPageView locale={(await params).locale} page="terms-and-conditions" />;
}
