import {
  accountsResponseSchema,
  checkoutResponseSchema,
  type PaymentStatus,
  paymentResponseSchema,
  sessionHandoverResponseSchema,
} from "@sportsbook/contracts";
import type { z } from "zod";

export type Refused = { ok: false; status: number; message: string };
export type Answer<T> = { ok: true; value: T } | Refused;

/**
 * The platform's server-to-server calls to the sportsbook's operator API (with the operator key):
 * session handovers, deposits for its players, their outcome and the players' balances.
 */
export class SportsbookLink {
  constructor(
    private readonly apiUrl: string,
    private readonly operatorKey: string,
  ) {}

  /** A one-time session token for one of the platform's signed-in players. */
  handover(player: { email: string; language: string }): Promise<Answer<string>> {
    return this.call("POST", "/sessions", sessionHandoverResponseSchema, (b) => b.data.token, player);
  }

  /** Opens a deposit; the player pays on the returned checkout address and comes back to `returnUrl`. */
  deposit(input: {
    email: string;
    amount: number;
    currency: string;
    returnUrl: string;
  }): Promise<Answer<string>> {
    const { returnUrl, ...rest } = input;
    return this.call("POST", "/deposits", checkoutResponseSchema, (b) => b.data.checkout_url, {
      ...rest,
      return_url: returnUrl,
    });
  }

  paymentStatus(id: number): Promise<Answer<PaymentStatus>> {
    return this.call("GET", `/payments/${id}`, paymentResponseSchema, (b) => b.data.status);
  }

  accounts(email: string) {
    const path = `/players/accounts?email=${encodeURIComponent(email)}`;
    return this.call("GET", path, accountsResponseSchema, (b) => b.data);
  }

  /** One operator call: the answer validated by `schema` and `pick`ed, or the refusal with its message. */
  private async call<S extends z.ZodType, T>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    pick: (body: z.infer<S>) => T,
    payload?: unknown,
  ): Promise<Answer<T>> {
    const res = await fetch(`${this.apiUrl}/api/operator${path}`, {
      method,
      headers: {
        "x-operator-key": this.operatorKey,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const body: unknown = await res.json().catch((err: unknown) => ({ message: String(err) }));
    if (!res.ok) {
      const data = (body as { message?: unknown; data?: { localized_message?: unknown } }).data;
      const message = data?.localized_message ?? (body as { message?: unknown }).message;
      return { ok: false, status: res.status, message: typeof message === "string" ? message : "" };
    }
    return { ok: true, value: pick(schema.parse(body)) };
  }
}
