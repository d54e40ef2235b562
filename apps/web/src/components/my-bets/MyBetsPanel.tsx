"use client";
import { useTranslations } from "next-intl";
import { usePlayer } from "../../player/PlayerProvider";

/**
 * The My bets tab of the side panel (SPEC §2). A visitor is asked to sign in; the player's bets
 * are listed by `MyBetsList`.
 */
export default function MyBetsPanel() {
  const { status } = usePlayer();
  const t = useTranslations("button");
  if (status !== "logged_in") {
    return (
      <p className="my-bets-empty">
        <a href="#sign-in">{t("sign-in")}</a>
      </p>
    );
  }
  return null;
}
