import { describe, expect, it } from "vitest";

describe("zod without eval", () => {
  it("turns zod's compiled parsers off before zod loads", async () => {
    await import("./zod-without-eval");
    const { config } = await import("zod");
    expect(config().jitless).toBe(true);
  });
});
