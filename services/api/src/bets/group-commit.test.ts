import { describe, expect, it } from "vitest";
import { GroupCommit, GroupLanes, type GroupWrite } from "./group-commit.js";

/**
 * A write over numbers: `together` answers each item doubled unless told to fail; the first write
 * of all waits for `open()`, so items submitted meanwhile form the next group.
 */
function gatedWrite(fail?: { error: unknown; rolledBack: boolean }) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let first = true;
  const log: string[] = [];
  const hold = async () => {
    if (!first) return;
    first = false;
    await gate;
  };
  const write: GroupWrite<number, number> = {
    together: async (items) => {
      await hold();
      log.push(`together ${items.join(",")}`);
      if (fail) throw fail.error;
      return items.map((i) => i * 2);
    },
    alone: async (item) => {
      await hold();
      log.push(`alone ${item}`);
      if (item < 0) throw new Error(`refused ${item}`);
      return item * 2;
    },
    rolledBack: () => fail?.rolledBack ?? false,
  };
  return { write, log, open };
}

const settled = (promises: Promise<number>[]) =>
  Promise.allSettled(promises).then((all) =>
    all.map((s) => (s.status === "fulfilled" ? s.value : String((s.reason as Error).message))),
  );

describe("GroupCommit", () => {
  it("writes an item alone when nothing is in flight, and what came meanwhile together in order", async () => {
    const { write, log, open } = gatedWrite();
    const lane = new GroupCommit(write);
    const answers = [1, 2, 3, 4].map((i) => lane.submit(i));
    open();
    expect(await settled(answers)).toEqual([2, 4, 6, 8]);
    expect(log).toEqual(["alone 1", "together 2,3,4"]);
  });

  it("writes at most maxGroup items together", async () => {
    const { write, log, open } = gatedWrite();
    const lane = new GroupCommit(write, 2);
    const answers = [1, 2, 3, 4, 5, 6].map((i) => lane.submit(i));
    open();
    expect(await settled(answers)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(log).toEqual(["alone 1", "together 2,3", "together 4,5", "alone 6"]);
  });

  it("writes each item again alone, in order, when the group was rolled back", async () => {
    const { write, log, open } = gatedWrite({ error: new Error("serialization"), rolledBack: true });
    const lane = new GroupCommit(write);
    const answers = [1, 2, -3, 4].map((i) => lane.submit(i));
    open();
    // each answer is what the item's own write answered: the refused one alone is refused
    expect(await settled(answers)).toEqual([2, 4, "refused -3", 8]);
    expect(log).toEqual(["alone 1", "together 2,-3,4", "alone 2", "alone -3", "alone 4"]);
  });

  it("answers every item of a group whose fate is unknown with the error, and tries none again", async () => {
    const { write, log, open } = gatedWrite({ error: new Error("connection lost"), rolledBack: false });
    const lane = new GroupCommit(write);
    const answers = [1, 2, 3].map((i) => lane.submit(i));
    open();
    expect(await settled(answers)).toEqual([2, "connection lost", "connection lost"]);
    expect(log).toEqual(["alone 1", "together 2,3"]);
    // the lane goes on
    expect(await lane.submit(5)).toBe(10);
  });
});

describe("GroupLanes", () => {
  it("keeps the items of one key in one lane, in order", async () => {
    const { write, log, open } = gatedWrite();
    const lanes = new GroupLanes(write, 2, (item: number, n) => item % n);
    const answers = [2, 1, 4, 3, 6].map((i) => lanes.submit(i));
    open();
    expect(await settled(answers)).toEqual([4, 2, 8, 6, 12]);
    // lane 0 (even) is held by 2 and then writes 4 and 6 together; lane 1 writes 1, then 3
    const lane = (parity: number) => log.filter((line) => Number(line.split(/[ ,]/)[1]) % 2 === parity);
    expect(lane(0)).toEqual(["alone 2", "together 4,6"]);
    expect(lane(1)).toEqual(["alone 1", "alone 3"]);
  });
});
