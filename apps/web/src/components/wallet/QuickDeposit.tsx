"use client";
import { formatMoney, money } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { accountActionRoute, delegateToHost, postToHost, useHostHandles } from "../../embed/host-link";
import { usePlayer } from "../../player/player-context";
import { currentAccount } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";
import { DepositForm } from "./DepositForm";
import { QUICK_DEPOSIT_PARAM, quickDepositAmount } from "./quick-deposit";
import styles from "./Wallet.module.css";

/** The page the provider brings the player back to: this one, marked so its result is told here. */
function returnPathHere(): string {
  return `${window.location.pathname}?${QUICK_DEPOSIT_PARAM}=1`;
}

/**
 * SPEC §2 quick deposit: offered on the slip when the stakes are above the balance. It opens the
 * deposit with the shortfall filled in and brings the player back to the same page, where the slip
 * is restored from the session. A host that takes deposits gets them (SPEC §5); a platform's own
 * deposit page opens in the iframe deposit modal (`#deposit`).
 */
export function QuickDeposit({ shortfall }: { shortfall: number }) {
  const t = useTranslations("quick-deposit");
  const tn = useTranslations("nav");
  const config = useClientConfig();
  const player = usePlayer();
  const account = currentAccount(player);
  const route = accountActionRoute(useHostHandles("deposit"), config.platform.accounts);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (open && d && !d.open) {
      d.showModal?.();
      postToHost("notify-modal-triggered", { modal: "quick-deposit" });
    }
  }, [open]);
  if (!account || route === "disabled" || !config.quickDeposit) return null;
  const amount = quickDepositAmount(shortfall, account.subunits);
  const onClick = () => {
    if (route === "host") delegateToHost("deposit");
    else if (config.platform.depositPage) window.location.hash = "deposit";
    else setOpen(true);
  };
  return (
    <>
      <button type="button" className="btn btn-primary" data-action="quick-deposit" onClick={onClick}>
        {t("open")}
      </button>
      {open ? (
        <dialog
          ref={ref}
          className="modal"
          data-modal="quick-deposit"
          aria-labelledby="quick-deposit-title"
          onClose={() => setOpen(false)}
        >
          <div className="modal-body">
            <h2 id="quick-deposit-title">{t("title")}</h2>
            <p className={styles.note}>
              {t("intro", { amount: formatMoney(money(shortfall, account.code), account, config.locale) })}
            </p>
            <DepositForm returnPath={returnPathHere()} initialAmount={amount} />
            <div className="modal-actions">
              <button type="button" className="btn" onClick={() => ref.current?.close()}>
                {tn("close")}
              </button>
            </div>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
