import {
  notificationCountersSchema,
  notificationsResponseSchema,
} from "@sportsbook/contracts/http/notifications";
import { apiFetch, jsonBody } from "../../lib/client-api";

/** How many notifications the list shows; older ones are read from the API on request. */
const NOTIFICATIONS_PAGE = 20;

async function ok(res: Response, call: string): Promise<Response> {
  if (!res.ok) throw new Error(`${call} answered ${res.status}`);
  return res;
}

export async function fetchNotifications(locale: string, page = 1) {
  const res = await ok(
    await apiFetch(`/notifications?limit=${NOTIFICATIONS_PAGE}&page=${page}`, { locale }),
    "GET /notifications",
  );
  return notificationsResponseSchema.parse(await res.json());
}

export async function fetchUnread(locale: string): Promise<number> {
  const res = await ok(await apiFetch("/notifications/counters", { locale }), "GET /notifications/counters");
  return notificationCountersSchema.parse(await res.json()).data.unread;
}

export async function markRead(ids: number[], locale: string): Promise<void> {
  await ok(
    await apiFetch("/notifications/read", { method: "POST", locale, ...jsonBody({ ids }) }),
    "POST /notifications/read",
  );
}

export async function markAllRead(locale: string): Promise<void> {
  await ok(
    await apiFetch("/notifications/read-all", { method: "POST", locale }),
    "POST /notifications/read-all",
  );
}
