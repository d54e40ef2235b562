import { sessionHandoverResponseSchema } from "@sportsbook/contracts";

export type Handover = { ok: true; token: string } | { ok: false; status: number; message: string };

/**
 * The platform's server-to-server side of the sportsbook: a one-time session token for one of its
 * signed-in players (`POST /api/operator/sessions`, with the operator key).
 */
export async function requestHandover(
  apiUrl: string,
  operatorKey: string,
  player: { email: string; language: string },
): Promise<Handover> {
  const res = await fetch(`${apiUrl}/api/operator/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-operator-key": operatorKey },
    body: JSON.stringify({ email: player.email, language: player.language }),
  });
  const body: unknown = await res.json().catch((err: unknown) => ({ message: String(err) }));
  if (!res.ok) {
    const message = (body as { message?: unknown }).message;
    return { ok: false, status: res.status, message: typeof message === "string" ? message : "" };
  }
  return { ok: true, token: sessionHandoverResponseSchema.parse(body).data.token };
}
