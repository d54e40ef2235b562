"use client";
import dynamic from "next/dynamic";

/** The wallet pages load in the browser only: they are the signed-in player's, never the server's rendering. */
export const WalletPage = dynamic(() => import("./WalletPanel").then((m) => m.WalletPanel), { ssr: false });
export const TransactionsPage = dynamic(() => import("./TransactionsList").then((m) => m.TransactionsList), {
  ssr: false,
});
export const DepositDialogLazy = dynamic(() => import("./DepositDialog").then((m) => m.DepositDialog), {
  ssr: false,
});
export const QuickDepositResultLazy = dynamic(
  () => import("./QuickDepositResult").then((m) => m.QuickDepositResult),
  { ssr: false },
);
