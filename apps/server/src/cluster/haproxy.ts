import { execFileSync, spawnSync } from "node:child_process";

/** A command's exit status when it succeeded. */
export const EXIT_OK = 0;

export interface Backend {
  name: string;
  port: number;
}

/**
 * The load balancer in front of the app nodes. Health: `/api/ready` every 500 ms, out after one
 * failed check (a draining node answers 503 at once) and back after two good ones. WebSocket
 * upgrades pass through (HAProxy switches to tunnel mode by itself); `timeout tunnel` keeps quiet
 * realtime connections open between the gateway's pings. A request whose connection failed or
 * closed unanswered, or that a closing node answered 503, is retried once on another node: safe for
 * reads, and for bets because they carry an Idempotency-Key.
 */
export function haproxyConfig(options: { port: number; backends: Backend[]; socket?: string }): string {
  const servers = options.backends
    .map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 500ms fall 1 rise 2`)
    .join("\n");
  return `global
  # within a default descriptor limit (HAProxy needs about two per connection)
  maxconn 4000
${options.socket ? `  stats socket ${options.socket} mode 600 level admin\n` : ""}
defaults
  mode http
  timeout connect 2s
  # a busy node answers its check late rather than never: only a refusal or a 503 takes it out fast
  timeout check 3s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 5s
  option http-server-close
  option redispatch 1
  retries 2
  retry-on conn-failure empty-response response-timeout 503

frontend sportsbook
  bind 127.0.0.1:${options.port}
  option forwardfor
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  # which node answered, for operators' debugging and the cluster's own checks
  http-response set-header X-Served-By %s
${servers}
`;
}

/** The HAProxy binary: found on PATH, else installed from the system's packages (needs root and apt). */
export function ensureHaproxy(log: (line: string) => void): string {
  const found = () => {
    const r = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" });
    return r.status === EXIT_OK ? r.stdout.trim() : undefined;
  };
  const present = found();
  if (present) return present;
  if (process.getuid?.() !== 0)
    throw new Error("HAProxy is not installed: install it (apt-get install haproxy) or run as root");
  log("installing HAProxy from the system's packages (apt-get install haproxy)…");
  const apt = (args: string[]) =>
    spawnSync("apt-get", args, {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  // a fresh machine's package lists may be missing or old: read them again once if the first try fails
  if (apt(["install", "-y", "--no-install-recommends", "haproxy"]).status !== EXIT_OK) {
    apt(["update"]);
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "haproxy"], {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  const installed = found();
  if (!installed) throw new Error("apt-get installed no haproxy binary");
  return installed;
}
