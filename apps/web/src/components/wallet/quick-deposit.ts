/** The query parameter marking a page a quick deposit returns to, so the page tells its result. */
export const QUICK_DEPOSIT_PARAM = "quick-deposit";

/**
 * What a quick deposit offers to pay in: the stakes' shortfall (minor units), rounded up to whole
 * units of the currency, which players type and pay; never less than one unit.
 */
export function quickDepositAmount(shortfall: number, subunits: number): number {
  const unit = 10 ** subunits;
  return Math.max(1, Math.floor((shortfall + unit - 1) / unit)) * unit;
}

/**
 * The payment a quick deposit came back with (`?quick-deposit=1&payment=ID`), and the address
 * without both; null when the page was not opened by a quick deposit's return.
 */
export function quickDepositReturn(href: string): { payment: number; cleaned: string } | null {
  const url = new URL(href);
  const raw = url.searchParams.get("payment");
  if (url.searchParams.get(QUICK_DEPOSIT_PARAM) !== "1" || !raw || !/^\d{1,15}$/.test(raw)) return null;
  url.searchParams.delete(QUICK_DEPOSIT_PARAM);
  url.searchParams.delete("payment");
  return { payment: Number(raw), cleaned: `${url.pathname}${url.search}${url.hash}` };
}
