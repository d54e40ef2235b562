import { z } from "zod";
import { createGateway } from "./gateway.js";

/** Environment of the gateway run as its own service. */
const envSchema = z.object({
  REALTIME_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  REALTIME_TOKEN_SECRET: z.string().min(16),
  REALTIME_API_KEY: z.string().min(16).optional(),
  REDIS_URL: z.url().optional(),
});

async function main(): Promise<void> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
    process.exitCode = 1;
    return;
  }
  const env = parsed.data;
  const gateway = createGateway({
    tokenSecret: env.REALTIME_TOKEN_SECRET,
    port: env.REALTIME_PORT,
    host: env.HOST,
    redisUrl: env.REDIS_URL,
    apiKey: env.REALTIME_API_KEY,
  });
  await gateway.start();
  console.log(
    `Realtime gateway at ${gateway.url()}/connection/websocket (${env.REDIS_URL ? "Redis" : "in-memory"} broker)`,
  );
  const stop = async () => {
    await gateway.stop();
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

void main();
