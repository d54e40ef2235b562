/**
 * The address of a platform page (its deposit or assets page, SPEC §2) opened from this site:
 * `redirect` names the page to come back to, and `anchor` a part of it (`deposit`, the payment
 * widget of the assets page). Parameters the operator put in the address stay.
 */
export function platformPageUrl(page: string, redirect: string, anchor?: "deposit"): string {
  const url = new URL(page);
  url.searchParams.set("redirect", redirect);
  if (anchor) url.hash = anchor;
  return url.toString();
}
