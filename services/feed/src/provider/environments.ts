import type { Provider } from "../model.js";

/** The UOF providers this project connects to (Swarm has no AMQP side). */
export const UOF_PROVIDERS = ["betradar", "oddin"] as const;
export type UofProvider = (typeof UOF_PROVIDERS)[number];

export const UOF_ENVIRONMENTS = ["integration", "production", "replay"] as const;
export type UofEnvironment = (typeof UOF_ENVIRONMENTS)[number];

/** Where a provider's message broker and REST API are: an environment's, or a private endpoint's. */
export interface UofEndpoints {
  /** `amqps://host:5671` for the providers' own brokers; plain `amqp://` only for a local stand-in. */
  amqpUrl: string;
  /** The REST API's base, up to and including `/v1`. */
  apiUrl: string;
}

/**
 * The hosts of each provider's environments, as their SDKs configure them (Sportradar's
 * `EnvironmentManager`, Oddin's SDK): the broker over TLS on 5671, the API over HTTPS. Oddin has
 * no replay server.
 */
const HOSTS: Record<UofProvider, Partial<Record<UofEnvironment, { mq: string; api: string }>>> = {
  betradar: {
    production: { mq: "mq.betradar.com", api: "api.betradar.com" },
    integration: { mq: "stgmq.betradar.com", api: "stgapi.betradar.com" },
    replay: { mq: "replaymq.betradar.com", api: "stgapi.betradar.com" },
  },
  oddin: {
    production: { mq: "mq.oddin.gg", api: "api-mq.oddin.gg" },
    integration: { mq: "mq.integration.oddin.gg", api: "api-mq.integration.oddin.gg" },
  },
};

/** The topic exchange each provider's broker publishes on (it exists there; a client never declares it). */
export const UOF_EXCHANGE: Record<UofProvider, string> = {
  betradar: "unifiedfeed",
  oddin: "oddinfeed",
};

export function isUofProvider(p: Provider | string): p is UofProvider {
  return (UOF_PROVIDERS as readonly string[]).includes(p);
}

/** An environment's endpoints; undefined for one the provider does not run (Oddin's replay). */
export function environmentEndpoints(provider: UofProvider, env: UofEnvironment): UofEndpoints | undefined {
  const h = HOSTS[provider][env];
  return h ? { amqpUrl: `amqps://${h.mq}:5671`, apiUrl: `https://${h.api}/v1` } : undefined;
}
