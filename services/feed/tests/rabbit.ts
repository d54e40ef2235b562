import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Whether `rabbitmqctl` can manage the machine's RabbitMQ (it needs root; CI runs as root). */
export const rabbitmqctlWorks =
  spawnSync("rabbitmqctl", ["-q", "list_vhosts"], { timeout: 20_000 }).status === 0;

export async function rabbitmqctl(...args: string[]): Promise<string> {
  const { stdout } = await run("rabbitmqctl", ["-q", ...args], { timeout: 30_000 });
  return stdout;
}

/**
 * A virtual host and a user of the suite's own, so its exchanges, queue and permissions touch
 * nothing of the other suites on the shared broker; removed by `remove`.
 */
export async function privateVhost(label: string) {
  const id = `${label}.${process.pid}.${randomBytes(3).toString("hex")}`;
  const vhost = `sb.test.${id}`;
  const user = `sb.test.${id}`;
  const password = randomBytes(12).toString("hex");
  await rabbitmqctl("add_vhost", vhost);
  await rabbitmqctl("add_user", user, password);
  return {
    vhost,
    user,
    password,
    url: (port: number, pass = password) =>
      `amqp://${encodeURIComponent(user)}:${pass}@127.0.0.1:${port}/${encodeURIComponent(vhost)}`,
    /** Regular expressions of what the user may configure, write and read ("" for nothing). */
    grant: (configure: string, write: string, read: string) =>
      rabbitmqctl("set_permissions", "-p", vhost, user, configure, write, read),
    /** Closes every connection of the virtual host from the broker's side (320 CONNECTION_FORCED). */
    async closeConnections(): Promise<number> {
      // tab-separated: the JSON form writes pids in a syntax close_connection does not read
      const mine = (await rabbitmqctl("--no-table-headers", "list_connections", "pid", "vhost"))
        .split("\n")
        .map((line) => line.split("\t"))
        .filter(([, v]) => v === vhost);
      for (const [pid] of mine) if (pid) await rabbitmqctl("close_connection", pid, "closed by the test");
      return mine.length;
    },
    async remove(): Promise<void> {
      await rabbitmqctl("delete_vhost", vhost);
      await rabbitmqctl("delete_user", user);
    },
  };
}

export type PrivateVhost = Awaited<ReturnType<typeof privateVhost>>;
