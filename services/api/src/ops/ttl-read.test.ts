import { describe, expect, it } from "vitest";
import { TtlRead } from "./ttl-read.js";

/** A lazy thenable, as a query builder is: each `then` runs the query again. */
function lazyQuery<T>(value: T) {
  const runs = { count: 0 };
  const query: PromiseLike<T> = {
    // biome-ignore lint/suspicious/noThenProperty: a query builder is exactly such a thenable
    then(onFulfilled, onRejected) {
      runs.count += 1;
      return Promise.resolve(value).then(onFulfilled, onRejected);
    },
  };
  return { query, runs };
}

describe("TtlRead", () => {
  it("runs a lazy query once per TTL however often its answer is awaited", async () => {
    const { query, runs } = lazyQuery([1, 2]);
    let loads = 0;
    const read = new TtlRead(() => {
      loads += 1;
      return query;
    }, 5_000);
    const at = new Date("2026-06-01T12:00:00Z");
    expect(await read.get(at)).toEqual([1, 2]);
    expect(await read.get(new Date(at.getTime() + 4_999))).toEqual([1, 2]);
    expect(await read.get(at)).toEqual([1, 2]);
    expect({ loads, runs: runs.count }).toEqual({ loads: 1, runs: 1 });
    await read.get(new Date(at.getTime() + 5_000));
    expect({ loads, runs: runs.count }).toEqual({ loads: 2, runs: 2 });
  });

  it("keeps no failed read", async () => {
    let fail = true;
    const read = new TtlRead(async () => {
      if (fail) throw new Error("down");
      return "up";
    });
    const at = new Date("2026-06-01T12:00:00Z");
    await expect(read.get(at)).rejects.toThrow("down");
    fail = false;
    expect(await read.get(at)).toBe("up");
  });
});
