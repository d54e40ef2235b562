import { describe, expect, expectTypeOf, it } from "vitest";
import {
  DEFAULT_REALTIME,
  type RealtimeSettings,
  realtimeSettingsSchema,
  resolveTransports,
} from "./realtime-transports.js";

const page = { protocol: "https:", host: "book.example" };

describe("realtime transports (SPEC §5)", () => {
  it("resolves the gateway's own endpoints on the page's origin, WebSocket first", () => {
    expect(resolveTransports(DEFAULT_REALTIME, page)).toEqual({
      transports: [
        { transport: "websocket", endpoint: "wss://book.example/connection/websocket" },
        { transport: "http_stream", endpoint: "https://book.example/connection/http_stream" },
        { transport: "sse", endpoint: "https://book.example/connection/sse" },
      ],
      emulationEndpoint: "https://book.example/connection/emulation",
    });
  });

  it("parses a document to the plain type the page's shell reads without the schema", () => {
    const parsed = realtimeSettingsSchema.parse({});
    expectTypeOf(parsed).toEqualTypeOf<RealtimeSettings>();
    expect(parsed).toEqual(DEFAULT_REALTIME);
  });

  it("takes one string as a WebSocket endpoint and keeps absolute URLs as they are", () => {
    const settings = realtimeSettingsSchema.parse({ transports: "wss://rt.example/connection/websocket" });
    expect(resolveTransports(settings, { protocol: "http:", host: "localhost:3000" }).transports).toEqual([
      { transport: "websocket", endpoint: "wss://rt.example/connection/websocket" },
    ]);
  });

  it("refuses a transport the client or the gateway does not speak, and an endpoint of another scheme", () => {
    const sockjs = realtimeSettingsSchema.safeParse({
      transports: [{ transport: "sockjs", endpoint: "/sockjs" }],
    });
    expect(sockjs.success).toBe(false);
    expect(sockjs.error?.issues[0]?.path).toEqual(["transports"]);
    const ftp = realtimeSettingsSchema.safeParse({ transports: "ftp://rt.example" });
    expect(ftp.error?.issues[0]?.message).toMatch(/ws\(s\)/);
    expect(realtimeSettingsSchema.safeParse({ transports: [] }).success).toBe(false);
  });
});
