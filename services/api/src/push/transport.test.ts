import { describe, expect, it } from "vitest";
import { guardedLookup, httpTransport } from "./transport.js";

const resolve = (rule: { loopbackHttp: boolean }, host: string) =>
  new Promise<{ error: (Error & { code?: string }) | null; address: unknown }>((done) =>
    guardedLookup(rule)(host, {}, (error, address) => done({ error, address })),
  );

describe("the push transport's resolver", () => {
  it("refuses a name that resolves inside the network, so a re-pointed name is not followed", async () => {
    const refused = await resolve({ loopbackHttp: false }, "localhost");
    expect(refused.error?.code).toBe("EPUSHADDRESS");
    expect(refused.error?.message).toContain("non-public address");
  });

  it("lets the loopback stand-in through only when the rule allows it", async () => {
    const allowed = await resolve({ loopbackHttp: true }, "localhost");
    expect(allowed.error).toBeNull();
    expect(String(allowed.address)).toMatch(/^(127\.|::1$)/);
  });

  it("does not connect to an https endpoint whose name resolves to this machine", async () => {
    const send = httpTransport({ loopbackHttp: false });
    await expect(send({ endpoint: "https://localhost:9/push", headers: {}, body: null })).rejects.toThrow(
      /non-public address/,
    );
  });
});
