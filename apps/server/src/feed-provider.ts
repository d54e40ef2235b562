import { environmentEndpoints, type UofEndpoints, type UofProvider } from "@sportsbook/feed";

/** The settings that choose and reach a real odds provider (see the README's configuration table). */
export interface FeedProviderEnv {
  FEED_PROVIDER: "simulator" | UofProvider | "betconstruct";
  FEED_PROVIDER_TOKEN?: string | undefined;
  FEED_PROVIDER_ENVIRONMENT: "integration" | "production" | "replay";
  FEED_PROVIDER_AMQP_URL?: string | undefined;
  FEED_PROVIDER_API_URL?: string | undefined;
  FEED_PROVIDER_SWARM_URL?: string | undefined;
  FEED_PROVIDER_SITE_ID?: number | undefined;
  FEED_NODE_ID?: number | undefined;
}

export interface ProviderFeedSettings {
  provider: UofProvider;
  token: string;
  endpoints: UofEndpoints;
  nodeId?: number;
}

export interface SwarmFeedSettings {
  url: string;
  siteId: number;
}

/** What is wrong with the provider's settings, each naming the setting to fix. */
export function feedProviderIssues(env: FeedProviderEnv): { path: string[]; message: string }[] {
  if (env.FEED_PROVIDER === "simulator") return [];
  const issues: { path: string[]; message: string }[] = [];
  if (env.FEED_PROVIDER === "betconstruct") {
    for (const [key, value] of [
      ["FEED_PROVIDER_SWARM_URL", env.FEED_PROVIDER_SWARM_URL],
      ["FEED_PROVIDER_SITE_ID", env.FEED_PROVIDER_SITE_ID],
    ] as const)
      if (value === undefined)
        issues.push({ path: [key], message: "required with FEED_PROVIDER=betconstruct" });
    return issues;
  }
  if (!env.FEED_PROVIDER_TOKEN)
    issues.push({
      path: ["FEED_PROVIDER_TOKEN"],
      message: `required with FEED_PROVIDER=${env.FEED_PROVIDER}`,
    });
  const explicit = [env.FEED_PROVIDER_AMQP_URL, env.FEED_PROVIDER_API_URL].filter((u) => u).length;
  if (explicit === 1)
    issues.push({
      path: [env.FEED_PROVIDER_AMQP_URL ? "FEED_PROVIDER_API_URL" : "FEED_PROVIDER_AMQP_URL"],
      message: "a private endpoint needs both FEED_PROVIDER_AMQP_URL and FEED_PROVIDER_API_URL",
    });
  if (explicit === 0 && !environmentEndpoints(env.FEED_PROVIDER, env.FEED_PROVIDER_ENVIRONMENT))
    issues.push({
      path: ["FEED_PROVIDER_ENVIRONMENT"],
      message: `${env.FEED_PROVIDER} has no ${env.FEED_PROVIDER_ENVIRONMENT} environment`,
    });
  return issues;
}

/** The real provider to connect to, or undefined for the simulator (settings already checked). */
export function providerFeedSettings(env: FeedProviderEnv): ProviderFeedSettings | undefined {
  if (env.FEED_PROVIDER === "simulator" || env.FEED_PROVIDER === "betconstruct" || !env.FEED_PROVIDER_TOKEN)
    return undefined;
  const endpoints =
    env.FEED_PROVIDER_AMQP_URL && env.FEED_PROVIDER_API_URL
      ? { amqpUrl: env.FEED_PROVIDER_AMQP_URL, apiUrl: env.FEED_PROVIDER_API_URL }
      : environmentEndpoints(env.FEED_PROVIDER, env.FEED_PROVIDER_ENVIRONMENT);
  if (!endpoints) return undefined;
  return {
    provider: env.FEED_PROVIDER,
    token: env.FEED_PROVIDER_TOKEN,
    endpoints,
    ...(env.FEED_NODE_ID !== undefined ? { nodeId: env.FEED_NODE_ID } : {}),
  };
}

/** BetConstruct's Swarm to read, or undefined for another source (settings already checked). */
export function swarmFeedSettings(env: FeedProviderEnv): SwarmFeedSettings | undefined {
  if (env.FEED_PROVIDER !== "betconstruct" || !env.FEED_PROVIDER_SWARM_URL || !env.FEED_PROVIDER_SITE_ID)
    return undefined;
  return { url: env.FEED_PROVIDER_SWARM_URL, siteId: env.FEED_PROVIDER_SITE_ID };
}
