"use client";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { DEPOSIT_HASH } from "./deposit-hash";
import { quickDepositReturn } from "./quick-deposit";

/** The wallet pages load in the browser only: they are the signed-in player's, never the server's rendering. */
export const WalletPage = dynamic(() => import("./WalletPanel").then((m) => m.WalletPanel), { ssr: false });
export const TransactionsPage = dynamic(() => import("./TransactionsList").then((m) => m.TransactionsList), {
  ssr: false,
});
const DepositDialog = dynamic(() => import("./DepositDialog").then((m) => m.DepositDialog), { ssr: false });
const QuickDepositResult = dynamic(() => import("./QuickDepositResult").then((m) => m.QuickDepositResult), {
  ssr: false,
});

/**
 * The deposit modal, whose code (the form and its schemas) loads when the `#deposit` hash first asks
 * for it rather than with every page; once loaded it follows the hash itself.
 */
export function DepositDialogLazy() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const read = () => {
      if (window.location.hash === DEPOSIT_HASH) setWanted(true);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [wanted]);
  return wanted ? <DepositDialog /> : null;
}

/** A quick deposit's result, whose code loads only on the page a quick deposit returned to. */
export function QuickDepositResultLazy() {
  const [returned, setReturned] = useState(false);
  useEffect(() => setReturned(quickDepositReturn(window.location.href) !== null), []);
  return returned ? <QuickDepositResult /> : null;
}
