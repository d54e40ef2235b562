import { describe, expect, it } from "vitest";
import { endpointProblem, isPublicAddress } from "./endpoint-rule.js";

const strict = { loopbackHttp: false };
const tests = { loopbackHttp: true };

describe("the push endpoint rule", () => {
  it("accepts the push services' https endpoints", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGz",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://8.8.8.8/push",
      "https://[2a00:1450:4001:82b::200a]/push",
    ])
      expect(endpointProblem(endpoint, strict), endpoint).toBeNull();
  });

  it("refuses what would make the server call into its own network", () => {
    const refused: [string, string][] = [
      ["http://fcm.googleapis.com/fcm/send/x", "must be an https URL"],
      ["ftp://fcm.googleapis.com/x", "must be an https URL"],
      ["https://localhost/push", "must name a public host"],
      ["https://metadata/computeMetadata", "must name a public host"],
      ["https://redis.internal/x", "must name a public host"],
      ["https://printer.local/x", "must name a public host"],
      ["https://127.0.0.1/push", "must not point at a private address"],
      ["https://10.1.2.3/push", "must not point at a private address"],
      ["https://169.254.169.254/latest/meta-data", "must not point at a private address"],
      ["https://192.168.1.1/push", "must not point at a private address"],
      ["https://[::1]/push", "must not point at a private address"],
      ["https://[fd00::1]/push", "must not point at a private address"],
      ["https://[::ffff:10.0.0.1]/push", "must not point at a private address"],
      ["https://0x7f000001/push", "must not point at a private address"],
      ["https://fcm.googleapis.com:8443/fcm/send/x", "must use the default https port"],
      ["https://user:pw@fcm.googleapis.com/fcm/send/x", "must not carry credentials"],
      ["not a url", "must be an absolute URL"],
    ];
    for (const [endpoint, problem] of refused)
      expect(endpointProblem(endpoint, strict), endpoint).toBe(problem);
  });

  it("lets plain http reach this machine only when the loopback stand-in is allowed", () => {
    expect(endpointProblem("http://127.0.0.1:9999/push/1", strict)).toBe("must be an https URL");
    expect(endpointProblem("http://127.0.0.1:9999/push/1", tests)).toBeNull();
    expect(endpointProblem("http://localhost:9999/push/1", tests)).toBeNull();
    expect(endpointProblem("http://[::1]:9999/push/1", tests)).toBeNull();
    expect(endpointProblem("http://10.0.0.5:9999/push/1", tests)).toBe("must be an https URL");
    expect(endpointProblem("http://fcm.googleapis.com/x", tests)).toBe("must be an https URL");
  });

  it("tells public addresses from private, loopback, link-local and reserved ones", () => {
    expect(isPublicAddress("142.250.185.74")).toBe(true);
    expect(isPublicAddress("2a00:1450:4001:82b::200a")).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fc00::2",
    ])
      expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress("fcm.googleapis.com")).toBe(false);
  });
});
