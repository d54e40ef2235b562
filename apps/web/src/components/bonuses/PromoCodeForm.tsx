"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { usePlayer } from "../../player/player-context";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import { redeemPromoCode } from "./bonus-api";
import styles from "./PromoCodeForm.module.css";

/** Promo code entry (SPEC §1): the code's bonus is issued once to the signed-in player. */
export function PromoCodeForm() {
  const t = useTranslations("pages.promotions");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const router = useRouter();
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  // The promotions page renders this form on the server, so it is on screen before it works.
  const hydrated = useHydrated();
  return (
    <form
      className={styles.form}
      data-form="promo-code"
      onSubmit={async (e) => {
        e.preventDefault();
        if (player.status !== "logged_in") return openAuth("sign_in");
        const code = String(new FormData(e.currentTarget).get("code") ?? "");
        setBusy(true);
        const r = await redeemPromoCode(code, locale, t("refused"));
        setBusy(false);
        setResult(r.ok ? { ok: true, text: t("redeemed") } : { ok: false, text: r.message });
        if (r.ok) router.refresh();
      }}
    >
      <label>
        {t("promo-code")}
        <input
          name="code"
          required
          minLength={4}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy || !hydrated}>
        {t("redeem")}
      </button>
      {result ? (
        <p role={result.ok ? "status" : "alert"} data-result={result.ok ? "redeemed" : "refused"}>
          {result.text}
        </p>
      ) : null}
    </form>
  );
}
