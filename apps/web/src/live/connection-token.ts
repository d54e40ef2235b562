import { UnauthorizedError } from "centrifuge";
import { apiFetch } from "../lib/client-api";
import type { WireCheck } from "./wire-check";

/**
 * The realtime connection token (POST /websocket/token): the player's, or "" for a visitor, who
 * connects anonymously. A 401 means the session the page holds has ended: connecting anonymously
 * would leave a signed-in page silently without the player's updates, so it throws the client's
 * UnauthorizedError (the connection ends for good) and apiFetch tells the page to show the
 * signed-out state. Any other failure connects as a visitor, as the API would have it then.
 */
export async function connectionToken(
  check: WireCheck["check"],
  fetcher: typeof apiFetch = apiFetch,
): Promise<string> {
  // the network failing is no token: the client connects as a visitor and tries again later
  const res = await fetcher("/websocket/token", { method: "POST" }).catch(() => null);
  if (res?.status === 401) throw new UnauthorizedError("the session has ended");
  if (!res?.ok) return "";
  // an answer that is not JSON is no body: the schema check below refuses it
  const parsed = await check("connectionToken", await res.json().catch(() => null));
  if (!parsed.ok) return "";
  return "token" in parsed.value ? parsed.value.token : parsed.value.data.token;
}
