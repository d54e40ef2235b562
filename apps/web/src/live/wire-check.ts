import type { Checked, WireAnswer, WireKind, WireRequest, WireValue } from "./wire-schemas";

/** Reads what the realtime client receives against its schemas; answers come in the order asked. */
export interface WireCheck {
  check<K extends WireKind>(kind: K, data: unknown): Promise<Checked<WireValue<K>>>;
  /** Ends the worker: checks still waiting, and any asked afterwards, are refused. */
  close(): void;
}

type Pending = (answer: Checked<unknown>) => void;

const CLOSED = "the realtime checks were closed";

/** Checks in the page itself, its schemas loaded on the first one. */
function inPage(): WireCheck {
  let schemas: Promise<typeof import("./wire-schemas")> | null = null;
  return {
    async check(kind, data) {
      // loaded on first use only: a page whose worker runs never evaluates the schemas itself
      schemas ??= import("./wire-schemas");
      return (await schemas).checkWire(kind, data);
    },
    close() {},
  };
}

/**
 * The checks in a worker, so that neither the schema library's start-up nor a parse per price
 * change takes the page's main thread: on a phone the first is one long task just as the page
 * becomes usable, and the second adds to every price's way to the screen. Where no worker can run
 * (none in the environment, or its script fails to load) the checks run in the page, those already
 * asked included, in their order.
 */
export function createWireCheck(
  spawn: () => Worker | null = defaultWorker,
  report: (during: string, error: unknown) => void = () => {},
): WireCheck {
  const fallback = inPage();
  const pending = new Map<number, { kind: WireKind; data: unknown; settle: Pending }>();
  let nextId = 0;
  let worker: Worker | null = null;
  try {
    worker = spawn();
  } catch (error) {
    report("starting the realtime checks' worker", error);
  }

  let closed = false;
  /** Hands the checks still waiting to `then`, and the worker's further ones to the page. */
  const dropWorker = (then: (p: { kind: WireKind; data: unknown; settle: Pending }) => void) => {
    worker?.terminate();
    worker = null;
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) then(p);
  };
  if (worker) {
    worker.addEventListener("message", (e: MessageEvent<WireAnswer>) => {
      const { id, ...answer } = e.data;
      const p = pending.get(id);
      pending.delete(id);
      p?.settle(answer);
    });
    worker.addEventListener("error", (e) => {
      report("running the realtime checks' worker", e.error ?? new Error(e.message || "worker failed"));
      dropWorker((p) => void fallback.check(p.kind, p.data).then(p.settle));
    });
  }

  return {
    check<K extends WireKind>(kind: K, data: unknown) {
      if (closed) return Promise.resolve({ ok: false, error: CLOSED });
      if (!worker) return fallback.check(kind, data);
      const id = nextId++;
      const request: WireRequest = { id, kind, data };
      return new Promise<Checked<WireValue<K>>>((resolve) => {
        // the worker answers with the value its schema produced for this kind
        pending.set(id, { kind, data, settle: resolve as Pending });
        worker?.postMessage(request);
      });
    },
    close() {
      closed = true;
      dropWorker((p) => p.settle({ ok: false, error: CLOSED }));
    },
  };
}

function defaultWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  return new Worker(new URL("./wire.worker.ts", import.meta.url), { name: "realtime-checks" });
}
