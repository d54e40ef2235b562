import { errorResponseSchema } from "@sportsbook/contracts/errors";

/** A refused call: the API's message in the player's language, and the field it names, if any. */
export interface Refusal {
  ok: false;
  message: string;
  field?: string;
}

export async function refusal(res: Response, fallback: string): Promise<Refusal> {
  // an answer that is not JSON is no refusal body: the fallback message is shown
  const parsed = errorResponseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return { ok: false, message: fallback };
  const detail = parsed.data.data.details?.[0];
  return {
    ok: false,
    message: parsed.data.data.localized_message || fallback,
    ...(detail ? { field: detail.field } : {}),
  };
}
