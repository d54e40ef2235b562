import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import amqp from "amqplib";

const run = promisify(execFile);

async function rabbitmqctl(...args: string[]): Promise<string> {
  const { stdout } = await run("rabbitmqctl", ["-q", ...args], { timeout: 30_000 });
  return stdout;
}

/** Regular-expression quoting for a permission pattern. */
const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A provider's broker as a bookmaker finds it, on a local RabbitMQ: a virtual host of its own with
 * the provider's topic exchange, and a user named by the access token that may only read that
 * exchange and declare, bind and read server-named queues (`amq.gen-…`), as UOF grants. The
 * provider's side publishes with the administrator of `adminUrl`. Every name carries a random
 * suffix; `remove` deletes the virtual host and the user. Made with `rabbitmqctl`, which must be
 * able to manage the broker (it runs as root on the development machine and in CI).
 */
export async function createProviderBroker(options: { adminUrl: string; exchange: string; label?: string }) {
  const id = `${options.label ?? "standin"}.${randomBytes(4).toString("hex")}`;
  const virtualHost = `/sb.provider.${id}`;
  const token = `sbtoken${randomBytes(8).toString("hex")}`;
  // RabbitMQ refuses a blank password; the stand-in gives the token's user one of its own
  const password = randomBytes(12).toString("hex");
  const admin = new URL(options.adminUrl);
  const adminUser = decodeURIComponent(admin.username || "guest");
  await rabbitmqctl("add_vhost", virtualHost);
  try {
    await rabbitmqctl("add_user", token, password);
    await rabbitmqctl("set_permissions", "-p", virtualHost, adminUser, ".*", ".*", ".*");
    const own = "^amq\\.gen-.*";
    await rabbitmqctl(
      "set_permissions",
      "-p",
      virtualHost,
      token,
      own,
      own,
      `^(${quote(options.exchange)}|amq\\.gen-.*)$`,
    );
  } catch (err) {
    await rabbitmqctl("delete_vhost", virtualHost).catch(() => "");
    await rabbitmqctl("delete_user", token).catch(() => "");
    throw err;
  }
  admin.pathname = `/${encodeURIComponent(virtualHost)}`;
  const conn = await amqp.connect(admin.toString());
  const ch = await conn.createConfirmChannel();
  await ch.assertExchange(options.exchange, "topic", { durable: true });
  const base = new URL(options.adminUrl);
  base.username = encodeURIComponent(token);
  base.password = password;
  base.pathname = "";
  return {
    virtualHost,
    token,
    /** The broker's address with the token's sign-in, as a private endpoint's setting gives it. */
    amqpUrl: base.toString().replace(/\/$/, ""),
    /** Publishes one message on the provider's exchange. */
    publish(routingKey: string, body: string): Promise<void> {
      return new Promise((resolve, reject) =>
        ch.publish(options.exchange, routingKey, Buffer.from(body), {}, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    },
    /** Closes every connection of the bookmaker (a broker restart or a maintenance, as the client sees it). */
    async closeClientConnections(): Promise<number> {
      const mine = (await rabbitmqctl("--no-table-headers", "list_connections", "pid", "user"))
        .split("\n")
        .map((line) => line.split("\t"))
        .filter(([, user]) => user === token);
      for (const [pid] of mine) if (pid) await rabbitmqctl("close_connection", pid, "closed by the provider");
      return mine.length;
    },
    async remove(): Promise<void> {
      // the provider's own connection goes with its virtual host either way
      await conn.close().catch(() => {});
      // both at once: a stand-in cut short (a second signal) still leaves nothing behind
      await Promise.all([rabbitmqctl("delete_user", token), rabbitmqctl("delete_vhost", virtualHost)]);
    },
  };
}
