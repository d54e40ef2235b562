import { startupBanner } from "./banner.js";
import { apiDocsOn, ConfigError, readConfig } from "./config.js";
import { createServer } from "./server.js";

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const server = await createServer(config);
  const address = await server.start();
  console.log(
    startupBanner({
      address,
      publicUrl: config.PUBLIC_URL,
      pages: config.SERVE_PAGES === "on",
      apiDocs: apiDocsOn(config),
      devMailbox: server.devMailbox,
      demoPlayer: server.demoPlayer,
      demoAdmin: server.demoAdmin,
      hostDemo: server.hostDemoUrl(),
    }),
  );
  const shutdown = async (signal: string) => {
    console.log(`${signal} received, draining`);
    await server.stop();
    process.exitCode = 0;
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
});
