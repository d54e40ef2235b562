import { pushKeyResponseSchema } from "@sportsbook/contracts/http/push";
import { apiFetch, jsonBody } from "../lib/client-api";

/** Where the service worker lives; its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";

/** This device's Web Push state as the toggle shows it. */
export type PushState = "unsupported" | "denied" | "off" | "on";

/** Whether this browser can take Web Push at all (secure context, service workers, Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The state on this device: subscribed, refused by the player, or not yet asked. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (await currentSubscription()) return "on";
  return Notification.permission === "denied" ? "denied" : "off";
}

/** The VAPID public key as the Push API takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Opts this device in: asks the permission, registers the service worker, subscribes with the
 * server's VAPID key and hands the subscription to the API. A subscription the API refused is
 * dropped again, so the device never believes it is on when the server holds nothing.
 */
export async function enablePush(locale: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const keyRes = await apiFetch("/push/key", { locale });
  if (!keyRes.ok) throw new Error(`GET /push/key answered ${keyRes.status}`);
  const key = pushKeyResponseSchema.parse(await keyRes.json()).data.public_key;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    }));
  const saved = await apiFetch("/push/subscriptions", {
    method: "POST",
    locale,
    ...jsonBody(subscription.toJSON()),
  });
  if (!saved.ok) {
    await subscription.unsubscribe();
    throw new Error(`POST /push/subscriptions answered ${saved.status}`);
  }
  return "on";
}

/** Opts this device out: the server forgets the subscription, then the browser drops it. */
export async function disablePush(locale: string): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    const res = await apiFetch("/push/subscriptions", {
      method: "DELETE",
      locale,
      ...jsonBody({ endpoint: subscription.endpoint }),
    });
    if (!res.ok) throw new Error(`DELETE /push/subscriptions answered ${res.status}`);
    await subscription.unsubscribe();
  }
  return Notification.permission === "denied" ? "denied" : "off";
}
