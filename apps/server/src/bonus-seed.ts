import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AppContext, seedBonuses } from "@sportsbook/api";
import { bonusSeedSchema } from "@sportsbook/contracts";
import { ConfigError, type ServerConfig } from "./config.js";

/** The demo set the embedded default starts with: a welcome freebet, a comboboost, a promo-code freebet, a hunting tournament, a jackpot. */
export const DEMO_BONUSES_FILE = join(dirname(fileURLToPath(import.meta.url)), "..", "demo-bonuses.json");

/**
 * The operator's bonus definitions to write at start-up: BONUSES_FILE, else DATA_DIR/bonuses.json when
 * present, else the demo set in demo mode. A definition already stored is updated, never duplicated.
 */
export function bonusSeedFile(config: ServerConfig, demoMode: boolean): string | undefined {
  if (config.BONUSES_FILE) return config.BONUSES_FILE;
  const own = join(config.DATA_DIR, "bonuses.json");
  if (existsSync(own)) return own;
  return demoMode ? DEMO_BONUSES_FILE : undefined;
}

/** Reads, validates and writes a seed file; a bad file stops start-up with each wrong field named. */
export async function seedBonusFile(ctx: AppContext, file: string): Promise<number> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new ConfigError(`bonus file ${file}: ${(err as Error).message}`);
  }
  const parsed = bonusSeedSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`bonus file ${file} is invalid:\n${lines.join("\n")}`);
  }
  return seedBonuses(ctx, parsed.data);
}
