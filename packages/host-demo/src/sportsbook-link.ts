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
  async handover(player: { email: string; language: string }): Promise<Answer<string>> {
    const answer = await this.call("POST", "/sessions", sessionHandoverResponseSchema, player);
    return answer.ok ? { ok: true, value: answer.value.data.token } : answer;
  }

  /** Opens a deposit; the player pays on the returned checkout address and comes back to `returnUrl`. */
  async deposit(input: { email: string; amount: number; currency: string; returnUrl: string }) {
    const { returnUrl, ...rest } = input;
    const answer = await this.call("POST", "/deposits", checkoutResponseSchema, {
      ...rest,
      return_url: returnUrl,
    });
    return answer.ok ? { ok: true as const, value: answer.value.data.checkout_url } : answer;
  }

  async paymentStatus(id: number): Promise<Answer<PaymentStatus>> {
    const answer = await this.call("GET", `/payments/${id}`, paymentResponseSchema);
    return answer.ok ? { ok: true, value: answer.value.data.status } : answer;
  }

  async accounts(email: string) {
    const answer = await this.call(
      "GET",
      `/players/accounts?email=${encodeURIComponent(email)}`,
      accountsResponseSchema,
    );
    return answer.ok ? { ok: true as const, value: answer.value.data } : answer;
  }

  private async call<S extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    payload?: unknown,
  ): Promise<Answer<z.infer<S>>> {
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
    return { ok: true, value: schema.parse(body) };
  }
}
