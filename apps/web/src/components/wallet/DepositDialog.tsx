"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { currentAccountActionRoute, delegateToHost, postToHost } from "../../embed/host-link";
import { localizeHref } from "../../lib/locale-url";
import { platformPageUrl } from "../../lib/platform-pages";
import { usePlayer } from "../../player/player-context";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import { DepositForm } from "./DepositForm";
import { DEPOSIT_HASH } from "./deposit-hash";
import styles from "./Wallet.module.css";

/**
 * The deposit modal of SPEC §2, opened by the `#deposit` hash (the header's Deposit button, a
 * layout button, a link): a signed-in player gets the deposit form, or the platform's deposit page
 * in a frame (the iframe deposit modal, `platform.depositPage`); a visitor the sign-in form. A
 * platform with only an assets page gets the player there, at its `#deposit` widget.
 */
export function DepositDialog() {
  const t = useTranslations("wallet");
  const tn = useTranslations("nav");
  const config = useClientConfig();
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const [asked, setAsked] = useState(false);
  const { depositPage, assetsPage } = config.platform;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const read = () => {
      if (window.location.hash !== DEPOSIT_HASH) return;
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${window.location.search}`,
      );
      // A host platform that takes deposits gets them (SPEC §5); accounts of the host, none listening: nothing.
      const route = currentAccountActionRoute("deposit", config.platform.accounts);
      if (route === "host") delegateToHost("deposit");
      else if (route !== "modal") return;
      // a platform that keeps deposits on its assets page (and shows no deposit page in a frame)
      else if (assetsPage && !depositPage)
        window.location.assign(platformPageUrl(assetsPage, window.location.href, "deposit"));
      else setAsked(true);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [config.platform.accounts, assetsPage, depositPage]);
  useEffect(() => {
    if (!asked || player.status === "unknown" || player.status === "pending") return;
    if (player.status === "not_logged_in") {
      setAsked(false);
      openAuth("sign_in");
      return;
    }
    const d = ref.current;
    if (d && !d.open) {
      d.showModal?.();
      postToHost("notify-modal-triggered", { modal: "deposit" });
    }
  }, [asked, player.status, openAuth]);
  if (!asked || player.status !== "logged_in") return null;
  const wallet = localizeHref("/profile/wallet/deposit", config.locale, config);
  return (
    <dialog
      ref={ref}
      className={depositPage ? `modal ${styles.platformModal}` : "modal"}
      data-modal={depositPage ? "iframe-deposit" : "deposit"}
      aria-labelledby="deposit-title"
      onClose={() => setAsked(false)}
    >
      <div className="modal-body">
        <h2 id="deposit-title">{t("deposit")}</h2>
        {depositPage ? (
          // SPEC §2 iframe deposit: the platform's own page, which brings the player back here once paid
          <iframe
            className={styles.platformFrame}
            title={t("platform-page")}
            src={platformPageUrl(depositPage, window.location.href)}
            data-frame="platform-deposit"
          />
        ) : (
          <DepositForm returnPath={wallet} />
        )}
        {depositPage ? null : (
          <p className={styles.note}>
            <Link href={wallet} onClick={() => ref.current?.close()}>
              {t("wallet-link")}
            </Link>
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {tn("close")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
