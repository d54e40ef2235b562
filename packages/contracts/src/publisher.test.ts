import { describe, expect, it } from "vitest";
import { type PublishFailure, publishAfterCommit, type RealtimePublisher } from "./publisher.js";

describe("publishAfterCommit", () => {
  it("publishes and reports nothing when the broker takes the event", async () => {
    const sent: unknown[] = [];
    const failures: PublishFailure[] = [];
    const publisher: RealtimePublisher = { publish: async (_channel, data) => void sent.push(data) };
    await publishAfterCommit(publisher, "$user:1", { type: "bet_changed" }, (f) => failures.push(f));
    expect(sent).toEqual([{ type: "bet_changed" }]);
    expect(failures).toEqual([]);
  });

  it("hands a refused publication to its reporter instead of throwing", async () => {
    const error = new Error("broker unreachable");
    const failures: PublishFailure[] = [];
    const publisher: RealtimePublisher = {
      publish: async () => {
        throw error;
      },
    };
    await expect(
      publishAfterCommit(publisher, "$user:1", { type: "balance_changed" }, (f) => failures.push(f)),
    ).resolves.toBeUndefined();
    expect(failures).toEqual([{ channel: "$user:1", event: "balance_changed", error }]);
  });
});
