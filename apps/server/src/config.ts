import { z } from "zod";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  AMQP_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** HS256 secret of realtime connection and subscription tokens (API issues, gateway verifies). Set it in production. */
  REALTIME_TOKEN_SECRET: z.string().min(32).default("sportsbook-development-realtime-token-secret"),
  /** Serve the Next.js pages on every path no other route claims ("off" for API-only processes). */
  SERVE_PAGES: z.enum(["on", "off"]).default("on"),
  /** The operator's site settings document (layout, locales, head, custom pages); default DATA_DIR/site-settings.json. */
  SITE_SETTINGS_FILE: z.string().min(1).optional(),
  /** Wait before a bet with live selections is accepted; odds and status are checked again after it. */
  LIVE_BET_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Demo sign-in and demo payment provider; on by default with the embedded database, off with DATABASE_URL. */
  DEMO_MODE: z.enum(["on", "off"]).optional(),
  /** Connections in the PostgreSQL pool (with DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
});

export type ServerConfig = z.infer<typeof envSchema>;

/** Reads the environment; every bad value is reported by name so an operator can fix it in one go. */
export function readConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
