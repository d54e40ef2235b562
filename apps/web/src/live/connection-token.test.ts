import { UnauthorizedError } from "centrifuge";
import { describe, expect, it } from "vitest";
import { connectionToken } from "./connection-token";
import { createWireCheck } from "./wire-check";

// the checks in the page: the same schemas the worker runs
const { check } = createWireCheck(() => null);

const answering = (res: Response | Error) => async () => {
  if (res instanceof Error) throw res;
  return res;
};

describe("the realtime connection token", () => {
  it("is the player's token as the API answers it, in either shape", async () => {
    expect(await connectionToken(check, answering(Response.json({ token: "t1" })))).toBe("t1");
    expect(await connectionToken(check, answering(Response.json({ data: { token: "t2" } })))).toBe("t2");
  });

  it("is empty, an anonymous connection, when the API cannot be read", async () => {
    for (const res of [
      new Response("down", { status: 503 }),
      Response.json({ nothing: true }),
      new Error("offline"),
    ])
      expect(await connectionToken(check, answering(res))).toBe("");
  });

  it("ends the connection for good when the session has ended (401), never connecting anonymously", async () => {
    const ended = connectionToken(
      check,
      answering(Response.json({ error: "sessionExpired" }, { status: 401 })),
    );
    await expect(ended).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
