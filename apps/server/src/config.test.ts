import { describe, expect, it } from "vitest";
import {
  ConfigError,
  identityOptions,
  productionWarnings,
  readConfig,
  staleThresholds,
  vapidSubject,
} from "./config.js";

describe("readConfig", () => {
  it("defaults to port 3000 and embedded services", () => {
    const c = readConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it("names every bad variable", () => {
    expect(() => readConfig({ PORT: "seventy", DATABASE_URL: "not a url" })).toThrowError(ConfigError);
    try {
      readConfig({ PORT: "seventy", DATABASE_URL: "not a url" });
    } catch (e) {
      expect(String(e)).toMatch(/PORT/);
      expect(String(e)).toMatch(/DATABASE_URL/);
    }
  });
  it("takes an SMS gateway: JSON by default, Twilio only with a sender", () => {
    const c = readConfig({ SMS_URL: "https://u:p@sms.example/send", SMS_FROM: "Book" });
    expect(identityOptions(c)).toMatchObject({
      smsUrl: "https://u:p@sms.example/send",
      smsFormat: "json",
      smsFrom: "Book",
    });
    expect(() =>
      readConfig({ SMS_URL: "https://api.twilio.example/Messages.json", SMS_FORMAT: "twilio" }),
    ).toThrow(/SMS_FROM: required with SMS_FORMAT=twilio/);
    expect(() => readConfig({ SMS_URL: "ftp://sms.example/send" })).toThrow(/SMS_URL/);
    expect(identityOptions(readConfig({})).smsUrl).toBeUndefined();
  });
  it("holds live prices stale after 5 s of silence and prematch after 30 s unless told otherwise", () => {
    expect(staleThresholds(readConfig({}))).toEqual({ live: 5_000, prematch: 30_000, producers: {} });
    expect(
      staleThresholds(
        readConfig({
          FEED_STALE_LIVE_MS: "3000",
          FEED_STALE_PREMATCH_MS: "60000",
          FEED_STALE_PRODUCERS: "betradar/1=8000,oddin/2=4000",
        }),
      ),
    ).toEqual({ live: 3_000, prematch: 60_000, producers: { "betradar/1": 8_000, "oddin/2": 4_000 } });
  });
  it("refuses staleness thresholds a feed's own rhythm would trip, and producers it does not know", () => {
    expect(() => readConfig({ FEED_STALE_LIVE_MS: "500" })).toThrow(/FEED_STALE_LIVE_MS/);
    expect(() => readConfig({ FEED_STALE_LIVE_MS: "soon" })).toThrow(/FEED_STALE_LIVE_MS/);
    expect(() => readConfig({ FEED_STALE_PREMATCH_MS: "0" })).toThrow(/FEED_STALE_PREMATCH_MS/);
    expect(() => readConfig({ FEED_STALE_PRODUCERS: "acme/1=5000" })).toThrow(/FEED_STALE_PRODUCERS/);
    expect(() => readConfig({ FEED_STALE_PRODUCERS: "betradar/1" })).toThrow(/FEED_STALE_PRODUCERS/);
    expect(() => readConfig({ FEED_STALE_PRODUCERS: "betradar/1=900" })).toThrow(/at least 2000 ms/);
    expect(() => readConfig({ FEED_LEADER_POLL_MS: "10" })).toThrow(/FEED_LEADER_POLL_MS/);
    expect(() => readConfig({ NODE_NAME: "two words" })).toThrow(/NODE_NAME/);
    expect(() => readConfig({ REDIS_PREFIX: "" })).toThrow(/REDIS_PREFIX/);
  });
  it("prunes hourly unless told otherwise; 0 turns the pruning off on a node", () => {
    expect(readConfig({}).HOUSEKEEPING_INTERVAL_SECONDS).toBe(3600);
    expect(readConfig({ HOUSEKEEPING_INTERVAL_SECONDS: "0" }).HOUSEKEEPING_INTERVAL_SECONDS).toBe(0);
    expect(() => readConfig({ HOUSEKEEPING_INTERVAL_SECONDS: "-5" })).toThrow(
      /HOUSEKEEPING_INTERVAL_SECONDS/,
    );
  });
  it("takes placement lanes that divide the house shards, and refuses others", () => {
    expect(readConfig({}).PLACEMENT_LANES).toBeUndefined();
    expect(readConfig({ PLACEMENT_LANES: "8" }).PLACEMENT_LANES).toBe(8);
    expect(() => readConfig({ PLACEMENT_LANES: "3" })).toThrow(/PLACEMENT_LANES: must divide 128/);
    expect(() => readConfig({ PLACEMENT_LANES: "0" })).toThrow(/PLACEMENT_LANES/);
  });
  it("takes the pages' extra content hosts as origins only", () => {
    expect(readConfig({}).CSP_IMG_ORIGINS).toBe("");
    expect(
      readConfig({ CSP_FRAME_ORIGINS: "https://streams.example, https://tv.example:8443" }).CSP_FRAME_ORIGINS,
    ).toBe("https://streams.example, https://tv.example:8443");
    expect(readConfig({ CSP_CONNECT_ORIGINS: "wss://rt.example" }).CSP_CONNECT_ORIGINS).toBe(
      "wss://rt.example",
    );
    for (const bad of ["*", "https:", "https://cdn.example/path", "cdn.example", "wss://rt.example"])
      expect(() => readConfig({ CSP_IMG_ORIGINS: bad }), bad).toThrow(/CSP_IMG_ORIGINS/);
  });
  it("keeps 40 simulated matches by default and takes thousands for a load test", () => {
    expect(readConfig({}).FEED_MATCHES).toBe(40);
    expect(readConfig({ FEED_MATCHES: "20000" }).FEED_MATCHES).toBe(20_000);
    expect(() => readConfig({ FEED_MATCHES: "20001" })).toThrow(/FEED_MATCHES/);
  });
  it("takes a VAPID key pair only whole, and a contact from MAIL_FROM unless named", () => {
    const publicKey = `B${"a".repeat(86)}`;
    const privateKey = "b".repeat(43);
    expect(readConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect(() => readConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/,
    );
    expect(() => readConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(vapidSubject(readConfig({}))).toBe("mailto:no-reply@sportsbook.local");
    expect(vapidSubject(readConfig({ MAIL_FROM: "ops@book.example" }))).toBe("mailto:ops@book.example");
    expect(vapidSubject(readConfig({ VAPID_SUBJECT: "https://book.example/contact" }))).toBe(
      "https://book.example/contact",
    );
    expect(() => readConfig({ VAPID_SUBJECT: "http://book.example" })).toThrow(/VAPID_SUBJECT/);
    expect(readConfig({}).PUSH_LOOPBACK_HTTP).toBe("off");
    expect(productionWarnings(readConfig({ NODE_ENV: "production", PUSH_LOOPBACK_HTTP: "on" }))).toHaveLength(
      1,
    );
  });
});
