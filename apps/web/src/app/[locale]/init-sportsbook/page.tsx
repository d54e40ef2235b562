import { linkTokenSchema } from "@sportsbook/contracts";
import { appPathSchema } from "@sportsbook/contracts/window-messages";
import { getTranslations } from "next-intl/server";
import { pageContext } from "../../../lib/request.server";
import { InitSession } from "./InitSession";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ token?: string | string[]; path?: string | string[] }>;
};

export const metadata = { robots: { index: false, follow: false } };

/**
 * Entry point a host platform loads first in its frame: `?token=` carries its signed-in player's
 * one-time session token, `?path=` the page to open (home by default).
 */
export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  const query = await searchParams;
  const { href } = await pageContext(locale);
  const t = await getTranslations({ locale, namespace: "pages" });
  const path = appPathSchema.safeParse(query.path);
  const token = linkTokenSchema.safeParse(query.token);
  return (
    <div className="page" data-page="init_sportsbook">
      <InitSession
        to={href(path.success ? path.data : "/")}
        token={token.success ? token.data : undefined}
        home={href("/")}
        blocked={href("/blocked")}
        texts={{ starting: t("init"), failed: t("init-failed"), home: t("go-home") }}
        frameCookies={process.env.FRAME_COOKIES === "on"}
      />
    </div>
  );
}
