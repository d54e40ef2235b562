"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { localizeHref } from "../../lib/locale-url";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import { BettingPreferences } from "./BettingPreferences";
import { DevicesList } from "./DevicesList";
import { PhoneVerificationForm } from "./PhoneVerificationForm";
import styles from "./Profile.module.css";
import { ProfileFieldsForm } from "./ProfileFieldsForm";
import { ProfileLoading } from "./ProfileLoading";
import { PushNotifications } from "./PushNotifications";

/**
 * The profile page (`/profile`): personal details, phone verification, password, betting
 * preferences and signed-in devices, with the way to the wallet and the limits.
 */
export function ProfilePanel() {
  const t = useTranslations("profile");
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const config = useClientConfig();
  const href = (path: string) => localizeHref(path, config.locale, config);
  const [verified, setVerified] = useState<string | null>(null);
  const account = currentAccount(player);
  const profile = player.profile;

  if (player.status === "not_logged_in") {
    return (
      <button type="button" className="btn btn-primary" onClick={() => openAuth("sign_in")}>
        {t("sign-in-first")}
      </button>
    );
  }
  if (player.status !== "logged_in" || !profile || !account) return <ProfileLoading />;
  return (
    <div className={styles.profile}>
      <section className={styles.section} aria-labelledby="details-title" data-section="details">
        <h2 id="details-title">{t("details")}</h2>
        <p className={styles.note} data-email>
          {t("email", { email: profile.email ?? "" })}
        </p>
        <ProfileFieldsForm
          fields={["first_name", "last_name", "nickname", "phone"]}
          submitLabel={t("save")}
        />
      </section>
      <section className={styles.section} aria-labelledby="phone-title" data-section="phone">
        <h2 id="phone-title">{t("phone.title")}</h2>
        {verified ? (
          <p role="status" data-phone-verified>
            {t("phone.verified", { phone: verified })}
          </p>
        ) : (
          <PhoneVerificationForm phone={profile.phone} onVerified={(p) => setVerified(p ?? "")} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="password-title" data-section="password">
        <h2 id="password-title">{t("password.title")}</h2>
        <p className={styles.note}>{t("password.note")}</p>
        <button
          type="button"
          className="btn"
          data-action="change-password"
          onClick={() => openAuth("edit_password")}
        >
          {t("password.change")}
        </button>
      </section>
      <BettingPreferences currency={account} />
      <PushNotifications />
      <DevicesList />
      <nav className={styles.links} aria-label={t("more")}>
        <Link href={href("/profile/wallet/deposit")}>{t("wallet")}</Link>
        <Link href={href("/profile/wallet/transactions")}>{t("transactions")}</Link>
        {config.responsibleGambling ? <Link href={href("/profile/limits")}>{t("limits")}</Link> : null}
      </nav>
    </div>
  );
}
