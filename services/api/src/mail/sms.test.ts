import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { httpSmsGateway, SmsDeliveryError } from "./sms.js";

interface Hit {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A local SMS gateway: records each request and answers with whatever the test set up. */
let server: Server;
let base = "";
const hits: Hit[] = [];
let respond: (res: ServerResponse) => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      hits.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      respond(res);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
});

const answer = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
};

describe("HTTP SMS gateway, JSON format", () => {
  it("posts the number and text as JSON with the URL's credentials as Basic auth, not in the URL", async () => {
    respond = answer(200, { id: "msg-1", status: "queued" });
    const sms = httpSmsGateway({ url: `http://api%40book:s3cret@${base}/v1/sms?tenant=9`, from: "Book" });
    await sms.send({ to: "+4915112345678", text: "Your code is 123456" });
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit?.method).toBe("POST");
    expect(hit?.path).toBe("/v1/sms?tenant=9");
    expect(hit?.headers["content-type"]).toBe("application/json");
    expect(hit?.headers.authorization).toBe(`Basic ${Buffer.from("api@book:s3cret").toString("base64")}`);
    expect(JSON.parse(hit?.body ?? "")).toEqual({
      to: "+4915112345678",
      text: "Your code is 123456",
      from: "Book",
    });
  });

  it("sends no authorization without credentials and no sender when none is set", async () => {
    respond = answer(201, { id: 77 });
    await httpSmsGateway({ url: `http://${base}/sms` }).send({ to: "+15551234567", text: "hi" });
    expect(hits[0]?.headers.authorization).toBeUndefined();
    expect(JSON.parse(hits[0]?.body ?? "")).toEqual({ to: "+15551234567", text: "hi" });
  });

  it("refuses error statuses, answers without an id, non-JSON answers and refused statuses", async () => {
    const sms = httpSmsGateway({ url: `http://user:topsecret@${base}/sms` });
    const cases: [(res: ServerResponse) => void, RegExp][] = [
      [answer(503, { error: "maintenance" }), /answered 503: maintenance/],
      [answer(200, { ok: true }), /answered 200 without a message id/],
      [answer(200, "<html>fine</html>"), /without a message id/],
      [answer(200, { id: "x", status: "rejected" }), /refused the message: rejected/],
    ];
    for (const [how, message] of cases) {
      respond = how;
      const failure = await sms.send({ to: "+15551234567", text: "hi" }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(SmsDeliveryError);
      expect(String(failure)).toMatch(message);
      expect(String(failure)).not.toContain("topsecret");
    }
  });

  it("gives up on a gateway that does not answer in time", async () => {
    respond = () => {};
    const sms = httpSmsGateway({ url: `http://${base}/slow`, timeoutMs: 50 });
    await expect(sms.send({ to: "+15551234567", text: "hi" })).rejects.toThrow(/timed out/);
  });

  it("reports an unreachable gateway without its address", async () => {
    const sms = httpSmsGateway({ url: "http://user:pw@127.0.0.1:1/sms" });
    const failure = await sms.send({ to: "+15551234567", text: "hi" }).catch((e: unknown) => String(e));
    expect(failure).toMatch(/unreachable/);
    expect(failure).not.toMatch(/pw|127\.0\.0\.1/);
  });
});

describe("HTTP SMS gateway, Twilio format", () => {
  it("posts To, From and Body as a form to the Messages resource", async () => {
    respond = answer(201, { sid: "SM123", status: "queued", error_code: null, error_message: null });
    const sms = httpSmsGateway({
      url: `http://AC123:authtoken@${base}/2010-04-01/Accounts/AC123/Messages.json`,
      format: "twilio",
      from: "+15550001111",
    });
    await sms.send({ to: "+4915112345678", text: "Code 654321" });
    const [hit] = hits;
    expect(hit?.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(hit?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(hit?.headers.authorization).toBe(`Basic ${Buffer.from("AC123:authtoken").toString("base64")}`);
    expect(Object.fromEntries(new URLSearchParams(hit?.body))).toEqual({
      To: "+4915112345678",
      From: "+15550001111",
      Body: "Code 654321",
    });
  });

  it("reports Twilio's error code and message, and refuses an answer without a sid", async () => {
    const sms = httpSmsGateway({ url: `http://${base}/Messages.json`, format: "twilio", from: "Book" });
    respond = answer(400, {
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
      status: 400,
    });
    await expect(sms.send({ to: "+1", text: "x" })).rejects.toThrow(/answered 400: 21211 The 'To' number/);
    respond = answer(201, { status: "queued" });
    await expect(sms.send({ to: "+15551234567", text: "x" })).rejects.toThrow(/without a message sid/);
    respond = answer(201, { sid: "SM9", status: "failed", error_code: 30003, error_message: "Unreachable" });
    await expect(sms.send({ to: "+15551234567", text: "x" })).rejects.toThrow(/refused the message: 30003/);
  });

  it("needs a sender, and an http(s) URL", () => {
    expect(() => httpSmsGateway({ url: `http://${base}/x`, format: "twilio" })).toThrow(/sender/);
    expect(() => httpSmsGateway({ url: "ftp://example.com/x" })).toThrow(/http or https/);
  });
});
