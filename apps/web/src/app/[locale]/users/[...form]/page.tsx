import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AUTH_ROUTES } from "../../../../components/auth/auth-forms";
import { OpenAuthModal } from "../../../../components/auth/OpenAuthModal";
import { BlockList } from "../../../../components/blocks/BlockList";
import { pageMetadata } from "../../../../lib/metadata.server";
import { pageContext } from "../../../../lib/request.server";
import { blocksFor } from "../../../../lib/site-settings";

type Props = { params: Promise<{ locale: string; form: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, form } = await params;
  return pageMetadata({ locale, path: `/users/${form.join("/")}`, index: false });
}

/** /users/* routes show the home page with the matching auth modal open (SPEC §2). */
export default async function Page({ params }: Props) {
  const { locale, form } = await params;
  const { settings } = await pageContext(locale);
  const id = AUTH_ROUTES[form.join("/")];
  if (!id) notFound();
  return (
    <div className="page" data-page="sports">
      <OpenAuthModal form={id} />
      <BlockList blocks={blocksFor(settings, "home")} ctx={{ locale, settings }} />
    </div>
  );
}
