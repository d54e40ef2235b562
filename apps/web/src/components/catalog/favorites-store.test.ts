import { describe, expect, it } from "vitest";
import { createFavoritesStore } from "./favorites-store";

describe("favourites (SPEC §4: toggle is optimistic and reverts on error)", () => {
  it("shows the change before the server answers", async () => {
    let release: () => void = () => {};
    const store = createFavoritesStore({
      add: () => new Promise<void>((r) => (release = r)),
      remove: async () => {},
    });
    const done = store.toggle("7");
    expect(store.has("7")).toBe(true);
    release();
    await done;
    expect(store.has("7")).toBe(true);
  });

  it("reverts when the server refuses, and rethrows for the error alert", async () => {
    const store = createFavoritesStore(
      { add: async () => {}, remove: async () => Promise.reject(new Error("500")) },
      ["7"],
    );
    let notified = 0;
    store.subscribe(() => notified++);
    await expect(store.toggle("7")).rejects.toThrow("500");
    expect(store.has("7")).toBe(true);
    expect(notified).toBe(2);
  });
});
