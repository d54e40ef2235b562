import { describe, expect, it } from "vitest";
import { haproxyConfig } from "./haproxy.js";

describe("the cluster's HAProxy configuration", () => {
  const config = haproxyConfig({
    port: 8080,
    backends: [
      { name: "app-1", port: 3001 },
      { name: "app-2", port: 3002 },
    ],
  });

  it("balances every app node, each checked on its readiness", () => {
    expect(config).toContain("bind 127.0.0.1:8080");
    expect(config).toMatch(/option httpchk GET \/api\/ready/);
    expect(config).toMatch(/http-check expect status 200/);
    expect(config).toMatch(/^ {2}server app-1 127\.0\.0\.1:3001 check inter 500ms fall 1 rise 2$/m);
    expect(config).toMatch(/^ {2}server app-2 127\.0\.0\.1:3002 check /m);
  });

  it("keeps WebSocket tunnels open and retries an unanswered request on another node", () => {
    expect(config).toMatch(/timeout tunnel 1h/);
    expect(config).toMatch(/option redispatch/);
    expect(config).toMatch(/retry-on conn-failure empty-response response-timeout 503/);
    expect(config).toMatch(/option forwardfor/);
  });
});
