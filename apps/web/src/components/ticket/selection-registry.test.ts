import { describe, expect, it } from "vitest";
import { SelectionRegistry } from "./selection-registry";

describe("SelectionRegistry", () => {
  it("notifies only the outcomes whose selected state changed, and the counters", () => {
    const r = new SelectionRegistry();
    const calls: string[] = [];
    r.subscribe("a", () => calls.push("a"));
    r.subscribe("b", () => calls.push("b"));
    r.subscribeCount(() => calls.push("count"));
    r.set(["a"]);
    expect(calls).toEqual(["a", "count"]);
    r.set(["a"]);
    expect(calls).toEqual(["a", "count"]);
    r.set(["b"]);
    expect(calls.slice(2).sort()).toEqual(["a", "b", "count"]);
    expect(r.has("b")).toBe(true);
    expect(r.count()).toBe(1);
  });
});
