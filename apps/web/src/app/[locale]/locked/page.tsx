import type { Metadata } from "next";
import { ErrorPage } from "../../../components/shell/ErrorPage";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata({ locale, path: "/locked", index: false });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  await pageContext(locale, { errorPage: true });
  const country = (await searchParams).country;
  return (
    <ErrorPage
      kind="locked"
      locale={locale}
      {...(typeof country === "string" ? { countryName: country.slice(0, 80) } : {})}
    />
  );
}
