/** SPEC §3 storage: the device id kept in local storage, sent with every bet (meta.device_id). */
const KEY = "deviceId";

export function deviceId(storage: Pick<Storage, "getItem" | "setItem"> = window.localStorage): string {
  const known = storage.getItem(KEY);
  if (known && /^[\w-]{8,64}$/.test(known)) return known;
  const id = crypto.randomUUID();
  storage.setItem(KEY, id);
  return id;
}
