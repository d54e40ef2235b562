import type { Metadata } from "next";
import { headers } from "next/headers";
import { ErrorPage } from "../../../components/shell/ErrorPage";
import { countryName } from "../../../lib/country-name";
import { pageMetadata } from "../../../lib/metadata.server";
import { pageContext } from "../../../lib/request.server";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata({ locale, path: "/blocked", index: false });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  await pageContext(locale, { errorPage: true });
  const query = (await searchParams).country;
  // The country the link names, else the one the operator's proxy reports for this visitor.
  const header = (await headers()).get(process.env.COUNTRY_HEADER ?? "x-country-code");
  const name = countryName(typeof query === "string" ? query : header, locale);
  return <ErrorPage kind="blocked" locale={locale} {...(name ? { countryName: name } : {})} />;
}
