import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.js";

interface Item {
  match: number;
  n: number;
}

/** A writer whose writes finish when the test says so. */
function manualWriter(fail: (items: Item[]) => boolean = () => false) {
  const writes: Item[][] = [];
  const finish: (() => void)[] = [];
  const write = (items: Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      writes.push(items);
      finish.push(() =>
        fail(items) ? reject(new Error("refused")) : resolve(items.map((i) => `${i.match}.${i.n}`)),
      );
    });
  const next = async () => {
    await Promise.resolve();
    finish.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { writes, write, next };
}

describe("group commit", () => {
  it("writes at once when idle and groups what arrives meanwhile, each item answered its own result", async () => {
    const w = manualWriter();
    const failures: number[] = [];
    const g = createGroupCommit<Item, string>({
      write: w.write,
      key: (i) => i.match,
      max: 10,
      onGroupFailure: (_e, size) => failures.push(size),
    });
    const a = g.submit({ match: 1, n: 1 });
    const b = g.submit({ match: 2, n: 1 });
    const c = g.submit({ match: 3, n: 1 });
    expect(w.writes).toEqual([[{ match: 1, n: 1 }]]);
    await w.next();
    expect(w.writes[1]).toEqual([
      { match: 2, n: 1 },
      { match: 3, n: 1 },
    ]);
    await w.next();
    expect(await Promise.all([a, b, c])).toEqual(["1.1", "2.1", "3.1"]);
    expect(failures).toEqual([]);
  });

  it("never writes two items of one key together, and keeps each key's order", async () => {
    const w = manualWriter();
    const g = createGroupCommit<Item, string>({
      write: w.write,
      key: (i) => i.match,
      max: 10,
      onGroupFailure: () => {},
    });
    const all = [
      g.submit({ match: 9, n: 0 }),
      g.submit({ match: 1, n: 1 }),
      g.submit({ match: 1, n: 2 }),
      g.submit({ match: 2, n: 1 }),
      g.submit({ match: 1, n: 3 }),
    ];
    await w.next();
    await w.next();
    await w.next();
    await w.next();
    await Promise.all(all);
    expect(w.writes.map((ws) => ws.map((i) => `${i.match}.${i.n}`))).toEqual([
      ["9.0"],
      ["1.1", "2.1"],
      ["1.2"],
      ["1.3"],
    ]);
  });

  it("writes at most `max` items together", async () => {
    const w = manualWriter();
    const g = createGroupCommit<Item, string>({
      write: w.write,
      key: (i) => i.match,
      max: 2,
      onGroupFailure: () => {},
    });
    const all = [1, 2, 3, 4, 5].map((m) => g.submit({ match: m, n: 1 }));
    for (let i = 0; i < 3; i++) await w.next();
    await Promise.all(all);
    expect(w.writes.map((ws) => ws.length)).toEqual([1, 2, 2]);
  });

  it("closes a write at its weight, and writes an item heavier than that alone", async () => {
    const w = manualWriter();
    const g = createGroupCommit<Item, string>({
      write: w.write,
      key: (i) => i.match,
      max: 10,
      weight: { of: (i) => i.n, max: 5 },
      onGroupFailure: () => {},
    });
    const all = [
      g.submit({ match: 0, n: 1 }),
      g.submit({ match: 1, n: 3 }),
      g.submit({ match: 2, n: 3 }),
      g.submit({ match: 3, n: 1 }),
      g.submit({ match: 4, n: 9 }),
    ];
    for (let i = 0; i < 4; i++) await w.next();
    await Promise.all(all);
    expect(w.writes.map((ws) => ws.map((i) => i.match))).toEqual([[0], [1, 3], [2], [4]]);
  });

  it("writes each item of a failed group alone, so only the bad one fails", async () => {
    const w = manualWriter((items) => items.some((i) => i.match === 2));
    const failures: number[] = [];
    const g = createGroupCommit<Item, string>({
      write: w.write,
      key: (i) => i.match,
      max: 10,
      onGroupFailure: (_e, size) => failures.push(size),
    });
    const first = g.submit({ match: 0, n: 1 });
    const rest = [1, 2, 3].map((m) => g.submit({ match: m, n: 1 }).catch((e: unknown) => String(e)));
    for (let i = 0; i < 5; i++) await w.next();
    expect(await first).toBe("0.1");
    expect(await Promise.all(rest)).toEqual(["1.1", "Error: refused", "3.1"]);
    expect(failures).toEqual([3]);
  });
});
