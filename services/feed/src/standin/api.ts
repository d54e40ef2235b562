import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A producer as the stand-in describes it; its API path (`liveodds`, `pre`) names its recovery endpoints. */
export interface StandInProducer {
  id: number;
  name: string;
  description: string;
  path: string;
  scope: string;
  recoveryWindowMinutes: number;
}

export interface RecoveryRequest {
  producer: number;
  after?: number;
  requestId: number;
  nodeId?: number;
}

export interface StandInApiOptions {
  token: string;
  bookmakerId: number;
  virtualHost: string;
  producers: StandInProducer[];
  /** An event's fixture document in a language (undefined: the API answers 404). */
  fixture(urn: string, language: string): string | undefined;
  /** The market descriptions in a language. */
  markets(language: string): string;
  /** A producer's recovery was asked and accepted. */
  onRecovery(request: RecoveryRequest): void;
  onEventRecovery(request: { producer: number; urn: string; requestId: number; nodeId?: number }): void;
}

/** What a test makes the next matching calls do: answer with a status, or not at all. */
export type Fault = { status: number; message?: string } | "timeout";

export interface ServedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | undefined;
  /** The HTTP status answered; undefined while unanswered (a timeout being tried). */
  answered?: number;
  at: number;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`;
const xmlText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const response = (code: string, message: string) =>
  xml(
    `<response response_code="${code}"><action>${xmlText(message)}</action><message>${xmlText(message)}</message></response>`,
  );

/**
 * The UOF REST API as a provider answers it, on a local port: `whoami`, producers, market
 * descriptions and fixtures per language, and the recovery requests, with the documents' real shapes
 * and the access token checked on every call. What it answers comes from its owner (the simulator's
 * documents, `provider.ts`); tests add faults.
 */
export async function startStandInApi(options: StandInApiOptions) {
  const requests: ServedRequest[] = [];
  const faults: { match: RegExp; fault: Fault; times: number }[] = [];
  const hanging = new Set<ServerResponse>();
  let base = "";

  function producersDocument(): string {
    const list = options.producers
      .map(
        (p) =>
          `<producer id="${p.id}" name="${xmlText(p.name)}" description="${xmlText(p.description)}" api_url="${base}/v1/${p.path}/" active="true" scope="${p.scope}" stateful_recovery_window_in_minutes="${p.recoveryWindowMinutes}"/>`,
      )
      .join("");
    return xml(`<producers response_code="OK" location="/descriptions/producers.xml">${list}</producers>`);
  }

  function route(method: string, path: string, q: URLSearchParams): { status: number; body: string } {
    const get = method === "GET";
    if (get && path === "/v1/users/whoami.xml")
      return {
        status: 200,
        body: xml(
          `<bookmaker_details response_code="OK" expire_at="2030-01-01T00:00:00Z" bookmaker_id="${options.bookmakerId}" virtual_host="${xmlText(options.virtualHost)}"/>`,
        ),
      };
    if (get && path === "/v1/descriptions/producers.xml") return { status: 200, body: producersDocument() };
    let m = /^\/v1\/descriptions\/([\w-]+)\/markets\.xml$/.exec(path);
    if (get && m?.[1]) return { status: 200, body: options.markets(m[1]) };
    m = /^\/v1\/sports\/([\w-]+)\/sport_events\/([\w:]+)\/fixture\.xml$/.exec(path);
    if (get && m?.[1] && m[2]) {
      const doc = options.fixture(m[2], m[1]);
      return doc
        ? { status: 200, body: doc }
        : { status: 404, body: response("NOT_FOUND", `No fixture for ${m[2]}`) };
    }
    m = /^\/v1\/([\w-]+)\/recovery\/initiate_request$/.exec(path);
    const producer = options.producers.find((p) => p.path === m?.[1]);
    const requestId = Number(q.get("request_id"));
    const nodeId = q.has("node_id") ? Number(q.get("node_id")) : undefined;
    if (method === "POST" && m && producer) {
      if (!Number.isInteger(requestId) || !q.has("request_id"))
        return { status: 400, body: response("BAD_REQUEST", "request_id is required") };
      const after = q.has("after") ? Number(q.get("after")) : undefined;
      options.onRecovery({
        producer: producer.id,
        requestId,
        ...(after !== undefined ? { after } : {}),
        ...(nodeId !== undefined ? { nodeId } : {}),
      });
      return { status: 202, body: response("ACCEPTED", "Request for recovery accepted") };
    }
    m = /^\/v1\/([\w-]+)\/odds\/events\/([\w:]+)\/initiate_request$/.exec(path);
    const eventProducer = options.producers.find((p) => p.path === m?.[1]);
    if (method === "POST" && m?.[2] && eventProducer) {
      options.onEventRecovery({
        producer: eventProducer.id,
        urn: m[2],
        requestId,
        ...(nodeId !== undefined ? { nodeId } : {}),
      });
      return { status: 202, body: response("ACCEPTED", "Request for event odds accepted") };
    }
    return { status: 404, body: response("NOT_FOUND", `No such resource: ${method} ${path}`) };
  }

  function serve(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://standin");
    const token = req.headers["x-access-token"];
    const entry: ServedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      token: typeof token === "string" ? token : undefined,
      at: Date.now(),
    };
    requests.push(entry);
    const answer = (status: number, body: string) => {
      entry.answered = status;
      res.writeHead(status, { "content-type": "application/xml" }).end(body);
    };
    const f = faults.find((x) => x.times > 0 && x.match.test(url.pathname));
    if (f) {
      f.times--;
      if (f.fault === "timeout") {
        // never answered: the client's timeout is what is being tried
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      answer(f.fault.status, response("ERROR", f.fault.message ?? `stand-in fault ${f.fault.status}`));
      return;
    }
    if (entry.token !== options.token) {
      answer(403, response("FORBIDDEN", "Access token is missing, invalid or expired"));
      return;
    }
    const r = route(entry.method, url.pathname, url.searchParams);
    answer(r.status, r.body);
  }

  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The API's base as a client's setting names it, up to and including `/v1`. */
    apiUrl: `${base}/v1`,
    requests,
    /** The next `times` calls whose path matches answer with the fault instead. */
    fail(match: RegExp, fault: Fault, times = 1): void {
      faults.push({ match, fault, times });
    },
    async close(): Promise<void> {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

export type StandInApi = Awaited<ReturnType<typeof startStandInApi>>;
