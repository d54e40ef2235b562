import { describe, expect, it } from "vitest";
import { describeAmqpFailure } from "./amqp-failure.js";

const channelError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe("describeAmqpFailure", () => {
  it("reads a refused login as the credentials of the setting, which retrying cannot fix", () => {
    const f = describeAmqpFailure(
      new Error(
        'Handshake terminated by server: 403 (ACCESS-REFUSED) with message "ACCESS_REFUSED - Login was refused using authentication mechanism PLAIN."',
      ),
      "AMQP_URL",
    );
    expect(f).toMatchObject({ refused: true, kind: "refused" });
    expect(f.cause).toMatch(/refused the login.*user name and password in AMQP_URL/);
  });

  it("reads a channel closed with 403 as a missing permission, naming what was refused", () => {
    const f = describeAmqpFailure(
      channelError(
        403,
        "Channel closed by server: 403 (ACCESS-REFUSED) with message \"ACCESS_REFUSED - access to exchange 'unifiedfeed' in vhost 'feed' refused for user 'book'\"",
      ),
      "AMQP_URL",
    );
    expect(f).toMatchObject({ refused: true, kind: "refused" });
    expect(f.cause).toMatch(/exchange 'unifiedfeed'.*user in AMQP_URL configure, write and read permissions/);
  });

  it("reads a virtual host the user may not open (530) as a refusal", () => {
    const f = describeAmqpFailure(
      channelError(
        530,
        'Connection closed: 530 (NOT-ALLOWED) with message "NOT_ALLOWED - vhost feed not found"',
      ),
      "AMQP_URL",
    );
    expect(f).toMatchObject({ refused: true });
    expect(f.cause).toMatch(/virtual host.*AMQP_URL/);
  });

  it("takes an unreachable broker, a forced close and a channel error of another kind as worth retrying", () => {
    const unreachable = describeAmqpFailure(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5672"), { code: "ECONNREFUSED" }),
      "AMQP_URL",
    );
    expect(unreachable).toMatchObject({ refused: false, kind: "unreachable" });
    const forced = describeAmqpFailure(
      channelError(
        320,
        'Connection closed: 320 (CONNECTION-FORCED) with message "CONNECTION_FORCED - closed"',
      ),
      "AMQP_URL",
    );
    expect(forced).toMatchObject({ refused: false, kind: "lost" });
    const missing = describeAmqpFailure(
      channelError(
        404,
        "Channel closed by server: 404 (NOT-FOUND) with message \"NOT_FOUND - no exchange 'x'\"",
      ),
      "AMQP_URL",
    );
    expect(missing).toMatchObject({ refused: false, kind: "lost" });
    expect(missing.cause).toContain("NOT_FOUND - no exchange 'x'");
  });
});
