import { getTranslations } from "next-intl/server";
import { pageContext } from "../../../lib/request.server";
import { InitRedirect } from "./InitRedirect";

type Props = { params: Promise<{ locale: string }> };

export const metadata = { robots: { index: false, follow: false } };

/** Entry point a host platform loads first; it hands over to the home page once the app runs. */
export default async function Page({ params }: Props) {
  const { locale } = await params;
  const { href } = await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "pages" });
  return (
    <div className="page" data-page="init_sportsbook">
      <p>{t("init")}</p>
      <InitRedirect to={href("/")} />
    </div>
  );
}
