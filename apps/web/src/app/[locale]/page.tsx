import type { Metadata } from "next";
import { BlockList } from "../../components/blocks/BlockList";
import { pageMetadata } from "../../lib/metadata.server";
import { pageContext } from "../../lib/request.server";
import { blocksFor } from "../../lib/site-settings";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata({ locale, path: "/" });
}

/** Home (page id `sports`): the home blocks of the settings — top events, live now, upcoming by default. */
export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  const { settings } = await pageContext(locale);
  return (
    <div className="page" data-page="sports">
      {/* One heading per page names it; the home page's blocks carry their own subheadings. */}
      <h1 className="sr-only">{settings.siteName}</h1>
      <BlockList blocks={blocksFor(settings, "home")} ctx={{ locale, settings }} />
    </div>
  );
}
