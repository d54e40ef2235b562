// `npm run standin -w @sportsbook/feed`: a UOF provider on this machine for a demo of FEED_PROVIDER.
import { isUofProvider } from "../provider/environments.js";
import { startStandInProvider } from "./provider.js";

const adminUrl = process.env.STANDIN_AMQP_URL ?? "amqp://guest:guest@127.0.0.1:5672";
const provider = process.env.STANDIN_PROVIDER ?? "betradar";
if (!isUofProvider(provider)) {
  console.error(`STANDIN_PROVIDER must be betradar or oddin, not ${provider}`);
  process.exit(1);
}
const standIn = await startStandInProvider({
  provider,
  adminUrl,
  seed: process.env.STANDIN_SEED ?? "standin",
  matches: Number(process.env.STANDIN_MATCHES ?? 20),
  startTime: Date.now(),
});
// the provider's messages go out as they fall due, in real time
const driving = setInterval(() => {
  standIn.advanceTo(Date.now()).catch((err: unknown) => console.error("publishing failed:", err));
}, 100);
console.log(`A ${provider} stand-in is running (virtual host ${standIn.virtualHost}). Start the sportsbook with:

  FEED_PROVIDER=${provider} FEED_PROVIDER_TOKEN=${standIn.token} \\
  FEED_PROVIDER_AMQP_URL=${standIn.endpoints.amqpUrl} \\
  FEED_PROVIDER_API_URL=${standIn.endpoints.apiUrl} FEED_NODE_ID=1 FEED_STALE_LIVE_MS=20000 npm start

Ctrl-C removes its virtual host and user.`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    clearInterval(driving);
    standIn.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error("removing the stand-in failed:", err);
        process.exit(1);
      },
    );
  });
