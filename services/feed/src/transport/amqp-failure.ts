/** What an AMQP failure means for an operator: its cause in plain words, and whether retrying can fix it. */
export interface AmqpFailure {
  cause: string;
  /** Credentials or permissions: retrying cannot fix it, the setting or the broker's grants must change. */
  refused: boolean;
  /** For the health figures: refused, unreachable (no connection), lost (a session ended). */
  kind: "refused" | "unreachable" | "lost";
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"]);

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Reads amqplib's errors: a refused login ends the handshake with `403 (ACCESS-REFUSED)`, a
 * virtual host the user may not use closes it with `530 (NOT-ALLOWED)`, and a declaration or
 * binding the user has no permission for closes its channel with code 403.
 */
export function describeAmqpFailure(err: unknown, setting: string): AmqpFailure {
  const message = messageOf(err);
  const code = (err as { code?: unknown } | null)?.code;
  const detail = /with message "([^"]*)"/.exec(message)?.[1] ?? message;
  if (/Handshake terminated/i.test(message) && /ACCESS.REFUSED/i.test(message))
    return {
      cause: `the broker refused the login (ACCESS_REFUSED): check the user name and password in ${setting}`,
      refused: true,
      kind: "refused",
    };
  if (code === 530 || /NOT.ALLOWED/.test(message))
    return {
      cause: `the broker refused access to the virtual host (${detail}): check the virtual host in ${setting} and the user's access to it`,
      refused: true,
      kind: "refused",
    };
  if (code === 403 || /ACCESS.REFUSED/.test(message))
    return {
      cause: `the broker refused an operation (${detail}): grant the user in ${setting} configure, write and read permissions on the feed's exchanges and queue, or declare them beforehand`,
      refused: true,
      kind: "refused",
    };
  if (typeof code === "string" && UNREACHABLE.has(code))
    return {
      cause: `the broker at ${setting} cannot be reached (${code})`,
      refused: false,
      kind: "unreachable",
    };
  return {
    cause: `the connection to the broker at ${setting} was lost (${detail || "closed"})`,
    refused: false,
    kind: "lost",
  };
}
