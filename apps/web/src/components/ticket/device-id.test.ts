import { describe, expect, it } from "vitest";
import { deviceId } from "./device-id";

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

describe("the device id (SPEC §3: local storage and a 7,300-day cookie)", () => {
  it("makes one, keeps it in both, and gives the same one again", () => {
    const storage = memory();
    const doc = { cookie: "" };
    const id = deviceId(storage, doc);
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(storage.items.get("deviceId")).toBe(id);
    expect(doc.cookie).toBe(`device_id=${id}; Max-Age=630720000; Path=/; SameSite=Lax`);
    expect(deviceId(storage, { cookie: `device_id=${id}` })).toBe(id);
  });

  it("takes it back from the cookie when local storage was cleared, and refuses a malformed one", () => {
    const storage = memory();
    expect(deviceId(storage, { cookie: "a=1; device_id=kept-device-0001" })).toBe("kept-device-0001");
    expect(storage.items.get("deviceId")).toBe("kept-device-0001");
    expect(deviceId(memory(), { cookie: "device_id=<script>" })).not.toBe("<script>");
  });
});
