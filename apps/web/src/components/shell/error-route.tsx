import type { Metadata } from "next";
import { loadErrorTexts } from "../../i18n/messages";
import { pageMetadata } from "../../lib/metadata.server";
import { pageContext } from "../../lib/request.server";
import { type ErrorKind, ErrorPage, errorText } from "./ErrorPage";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The country an error text names, from the link's `country` (as given, shortened by default). */
type CountryOf = (query: string | undefined, locale: string) => Promise<string | undefined>;

const asGiven: CountryOf = async (query) => query?.slice(0, 80);

/** The metadata and page of an error route (SPEC §2 error pages): never indexed, no layout chrome. */
export function errorRoute(kind: ErrorKind, path: string, countryOf: CountryOf = asGiven) {
  return {
    // Each error page has its own title, its text in the page's language, not the site's.
    async generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
      const { locale } = await params;
      const query = (await searchParams).country;
      const name = await countryOf(typeof query === "string" ? query : undefined, locale);
      const title = errorText(await loadErrorTexts(locale), kind, name);
      return pageMetadata({ locale, path, index: false, title });
    },
    async Page({ params, searchParams }: Props) {
      const { locale } = await params;
      await pageContext(locale, { errorPage: true });
      const query = (await searchParams).country;
      const name = await countryOf(typeof query === "string" ? query : undefined, locale);
      return <ErrorPage kind={kind} locale={locale} {...(name ? { countryName: name } : {})} />;
    },
  };
}
