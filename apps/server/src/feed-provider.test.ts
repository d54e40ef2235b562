import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.js";
import { providerFeedSettings, swarmFeedSettings } from "./feed-provider.js";

describe("choosing the odds provider", () => {
  it("keeps the simulator by default", () => {
    expect(providerFeedSettings(readConfig({}))).toBeUndefined();
  });

  it("reaches a provider's environment over TLS with its token and this node's id", () => {
    const config = readConfig({
      FEED_PROVIDER: "betradar",
      FEED_PROVIDER_TOKEN: "token-of-the-bookmaker",
      FEED_PROVIDER_ENVIRONMENT: "production",
      FEED_NODE_ID: "3",
    });
    expect(providerFeedSettings(config)).toEqual({
      provider: "betradar",
      token: "token-of-the-bookmaker",
      endpoints: { amqpUrl: "amqps://mq.betradar.com:5671", apiUrl: "https://api.betradar.com/v1" },
      nodeId: 3,
    });
    expect(
      providerFeedSettings(
        readConfig({ FEED_PROVIDER: "oddin", FEED_PROVIDER_TOKEN: "token-of-the-bookmaker" }),
      )?.endpoints,
    ).toEqual({
      amqpUrl: "amqps://mq.integration.oddin.gg:5671",
      apiUrl: "https://api-mq.integration.oddin.gg/v1",
    });
  });

  it("takes a private endpoint's two addresses instead", () => {
    const config = readConfig({
      FEED_PROVIDER: "oddin",
      FEED_PROVIDER_TOKEN: "token-of-the-bookmaker",
      FEED_PROVIDER_AMQP_URL: "amqp://127.0.0.1:5672",
      FEED_PROVIDER_API_URL: "http://127.0.0.1:8080/v1",
    });
    expect(providerFeedSettings(config)?.endpoints).toEqual({
      amqpUrl: "amqp://127.0.0.1:5672",
      apiUrl: "http://127.0.0.1:8080/v1",
    });
  });

  it("reads BetConstruct's Swarm by its WebSocket address and the site id", () => {
    const config = readConfig({
      FEED_PROVIDER: "betconstruct",
      FEED_PROVIDER_SWARM_URL: "wss://swarm.example/",
      FEED_PROVIDER_SITE_ID: "18751",
    });
    expect(swarmFeedSettings(config)).toEqual({ url: "wss://swarm.example/", siteId: 18751 });
    expect(providerFeedSettings(config)).toBeUndefined();
  });

  it("names each setting to fix", () => {
    const message = (env: Record<string, string>) => {
      try {
        readConfig(env);
        return "";
      } catch (e) {
        return e instanceof ConfigError ? e.message : String(e);
      }
    };
    expect(message({ FEED_PROVIDER: "betradar" })).toMatch(
      /FEED_PROVIDER_TOKEN: required with FEED_PROVIDER=betradar/,
    );
    expect(
      message({
        FEED_PROVIDER: "oddin",
        FEED_PROVIDER_TOKEN: "token-of-it",
        FEED_PROVIDER_ENVIRONMENT: "replay",
      }),
    ).toMatch(/FEED_PROVIDER_ENVIRONMENT: oddin has no replay environment/);
    expect(
      message({
        FEED_PROVIDER: "betradar",
        FEED_PROVIDER_TOKEN: "token-of-it",
        FEED_PROVIDER_AMQP_URL: "amqps://mq.example:5671",
      }),
    ).toMatch(/FEED_PROVIDER_API_URL: a private endpoint needs both/);
    expect(message({ FEED_PROVIDER: "sportradar" })).toMatch(/FEED_PROVIDER/);
    expect(message({ FEED_PROVIDER: "betconstruct" })).toMatch(
      /FEED_PROVIDER_SWARM_URL: required with FEED_PROVIDER=betconstruct\n.*FEED_PROVIDER_SITE_ID: required/,
    );
  });
});
