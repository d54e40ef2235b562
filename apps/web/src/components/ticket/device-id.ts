/**
 * SPEC §3 storage: the device id, sent with every bet (meta.device_id). It is kept in local storage
 * and in a cookie of 7,300 days, so clearing one of them keeps the same device.
 */
const KEY = "deviceId";
export const DEVICE_COOKIE = "device_id";
const DEVICE_COOKIE_MAX_AGE_S = 7300 * 86_400;
const VALID = /^[\w-]{8,64}$/;

export function deviceId(
  storage: Pick<Storage, "getItem" | "setItem"> = window.localStorage,
  doc: { cookie: string } = document,
): string {
  const fromCookie = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([^;]+)`).exec(doc.cookie)?.[1];
  const known = [storage.getItem(KEY), fromCookie].find((v): v is string => !!v && VALID.test(v));
  const id = known ?? crypto.randomUUID();
  if (storage.getItem(KEY) !== id) storage.setItem(KEY, id);
  if (fromCookie !== id)
    doc.cookie = `${DEVICE_COOKIE}=${id}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
  return id;
}
