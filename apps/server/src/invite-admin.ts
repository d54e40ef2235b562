import { join } from "node:path";
import { createApi, inviteFirstAdmin } from "@sportsbook/api";
import { emailSchema } from "@sportsbook/contracts";
import { openDatabase } from "@sportsbook/db";
import { ConfigError, identityOptions, readConfig } from "./config.js";
import { dataDirTokenSecret } from "./secrets.js";

/**
 * The one-time command that makes an installation's first back-office admin:
 * `npm run invite-admin -w @sportsbook/server -- admin@example.com`. It prints an invitation link
 * (also queued as an e-mail); the admin opens it, chooses a password and enrols an authenticator.
 * Refused once an active admin exists: staff are then invited from the back office.
 */
async function main(): Promise<void> {
  const config = readConfig(process.env);
  const email = emailSchema.safeParse(process.argv[2] ?? "");
  if (!email.success) throw new ConfigError("usage: invite-admin <e-mail address of the first admin>");
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: join(config.DATA_DIR, "pglite"),
  });
  const api = await createApi({
    database,
    realtimeTokenSecret: config.REALTIME_TOKEN_SECRET ?? dataDirTokenSecret(config.DATA_DIR),
    identity: identityOptions(config),
  });
  try {
    const link = await inviteFirstAdmin(api.ctx, email.data);
    console.log(`Invitation for the first admin (${email.data}), valid for 72 hours:\n  ${link}`);
  } finally {
    await api.stop();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
