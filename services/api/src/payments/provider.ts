/** How long a checkout stays open at the provider before the pending deposit expires. */
export const DEFAULT_CHECKOUT_TTL_SECONDS = 30 * 60;

/**
 * A hosted-checkout payment provider: the site opens a checkout session for a pending deposit, the
 * player pays on the provider's page, and the provider reports the outcome with a callback signed
 * with `callbackSecret` (see `signature.ts`) to `POST /api/payments/callbacks/{name}`.
 */
export interface CheckoutProvider {
  /** Stored on each payment; the callback path names it. */
  readonly name: string;
  readonly callbackSecret: string;
  openCheckout(input: {
    /** This site's payment id, echoed back in the callback as `reference`. */
    paymentId: number;
    amount: number;
    currency: string;
    /** Decimals of the currency's minor unit. */
    subunits: number;
    /** Where the provider sends the player back: a path of this site, or a host platform's absolute URL. */
    returnPath: string;
    /** The provider gives up on the session at this time. */
    expiresAt: Date;
  }): Promise<{ session: string; checkoutUrl: string }>;
  /**
   * Sends an approved withdrawal to the player's payment method; answers the provider's payout
   * reference. A provider without it leaves approved withdrawals to be paid and marked by hand.
   */
  payout?(input: { paymentId: number; amount: number; currency: string; subunits: number }): Promise<{
    reference: string;
  }>;
}
