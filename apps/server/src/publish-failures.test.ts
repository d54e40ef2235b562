import type { LinkStatus } from "@sportsbook/contracts";
import { describe, expect, it } from "vitest";
import { publishFailureLog } from "./publish-failures.js";

describe("publication failures in the log", () => {
  it("tells a broker outage once, however many publications fail in it, and each failure otherwise", () => {
    const lines: string[] = [];
    let link: LinkStatus = { state: "up", since: 0, failures: 0 };
    const failed = publishFailureLog({ warn: (_o, msg) => lines.push(msg ?? "") }, () => link);
    const failure = { channel: "match:1", event: "markets_changed", error: new Error("no Redis") };
    failed(failure);
    link = { state: "down", cause: "ECONNREFUSED", since: 1, failures: 1 };
    for (let i = 0; i < 100; i++) failed(failure);
    link = { state: "up", since: 2, failures: 0 };
    failed(failure);
    link = { state: "down", cause: "ECONNREFUSED", since: 3, failures: 1 };
    failed(failure);
    failed(failure);
    expect(lines).toEqual([
      "realtime publication failed",
      "realtime publications fail while the broker is down: counted, not logged one by one",
      "realtime publication failed",
      "realtime publications fail while the broker is down: counted, not logged one by one",
    ]);
  });

  it("logs every failure without a broker link (the in-memory broker)", () => {
    const lines: string[] = [];
    const failed = publishFailureLog({ warn: (_o, msg) => lines.push(msg ?? "") }, () => undefined);
    failed({ channel: "c", event: "e", error: new Error("x") });
    failed({ channel: "c", event: "e", error: new Error("x") });
    expect(lines).toHaveLength(2);
  });
});
