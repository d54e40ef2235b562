import { afterEach, describe, expect, it, vi } from "vitest";
import { mountSportsbook, type Sportsbook } from "./sportsbook.js";

const ORIGIN = "https://sports.example";

function mount(options: Partial<Parameters<typeof mountSportsbook>[0]> = {}) {
  document.body.innerHTML = `<div id="slot"></div>`;
  const rejected: string[] = [];
  const sportsbook = mountSportsbook({
    src: `${ORIGIN}/init-sportsbook?token=t&path=/live`,
    container: "#slot",
    onRejected: (reason, origin) => rejected.push(`${reason} ${origin}`),
    ...options,
  });
  const frameWindow = sportsbook.frame.contentWindow as Window;
  const posted: unknown[] = [];
  vi.spyOn(frameWindow, "postMessage").mockImplementation((message: unknown, target: unknown) => {
    posted.push({ message, target });
  });
  /** A message as the frame would send it. */
  const fromFrame = (type: string, payload: unknown, origin = ORIGIN, source: Window | null = frameWindow) =>
    window.dispatchEvent(
      new MessageEvent("message", { data: { source: "sportsbook", type, payload }, origin, source }),
    );
  return { sportsbook, posted, fromFrame, rejected };
}

let current: Sportsbook | undefined;
afterEach(() => {
  current?.destroy();
  vi.restoreAllMocks();
});

describe("mountSportsbook", () => {
  it("puts the frame in the container at the sportsbook's address", () => {
    const { sportsbook } = mount({ title: "Sports" });
    current = sportsbook;
    expect(document.querySelector("#slot iframe")).toBe(sportsbook.frame);
    expect(sportsbook.frame.title).toBe("Sports");
    expect(sportsbook.origin).toBe(ORIGIN);
  });

  it("writes nothing before the frame says it is ready, then the delegation, the viewport and what waited", () => {
    const { sportsbook, posted, fromFrame } = mount();
    current = sportsbook;
    sportsbook.on("sign-in", () => undefined);
    sportsbook.on("deposit", () => undefined);
    sportsbook.navigate("/results");
    expect(posted).toEqual([]);
    fromFrame("initialized", { locale: "en" });
    expect(posted.map((p) => (p as { message: { type: string } }).message.type)).toEqual([
      "iframe_integration",
      "viewport",
      "page_changed",
    ]);
    expect(posted[0]).toEqual({
      message: { type: "iframe_integration", payload: { listeners: ["sign-in", "deposit"] } },
      target: ORIGIN,
    });
    // every write names the sportsbook's origin, never "*"
    expect(new Set(posted.map((p) => (p as { target: string }).target))).toEqual(new Set([ORIGIN]));
  });

  it("delegates what the host names, whatever handlers it has", () => {
    const { sportsbook, posted, fromFrame } = mount({ delegate: ["sign-up"] });
    current = sportsbook;
    fromFrame("initialized", { locale: "de" });
    expect(posted[0]).toMatchObject({ message: { payload: { listeners: ["sign-up"] } } });
  });

  it("sizes the frame to the page's height both ways, never under the least height", () => {
    const { sportsbook, fromFrame } = mount({ minHeight: 300 });
    current = sportsbook;
    fromFrame("page-size-changed", { width: 900, height: 2545 });
    expect(sportsbook.frame.style.height).toBe("2545px");
    fromFrame("page-size-changed", { width: 900, height: 900 });
    expect(sportsbook.frame.style.height).toBe("900px");
    fromFrame("page-size-changed", { width: 900, height: 120 });
    expect(sportsbook.frame.style.height).toBe("300px");
  });

  it("gives handlers typed payloads of valid messages only", () => {
    const { sportsbook, fromFrame, rejected } = mount();
    current = sportsbook;
    const balances: unknown[] = [];
    const stop = sportsbook.on("balance-changed", (b) => balances.push(b));
    fromFrame("balance-changed", { currency: "EUR", balance: 1000 });
    fromFrame("balance-changed", { currency: "EUR", balance: "1000" });
    fromFrame("balance-changed", { currency: "EUR", balance: 5 }, "https://evil.example");
    fromFrame("balance-changed", { currency: "EUR", balance: 6 }, ORIGIN, window);
    stop();
    fromFrame("balance-changed", { currency: "EUR", balance: 7 });
    expect(balances).toEqual([{ currency: "EUR", balance: 1000 }]);
    expect(rejected).toEqual([`invalid ${ORIGIN}`, "origin https://evil.example", `source ${ORIGIN}`]);
  });

  it("keeps other handlers hearing when one throws", () => {
    const { sportsbook, fromFrame } = mount();
    current = sportsbook;
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const pages: string[] = [];
    sportsbook.on("page-loaded", () => {
      throw new Error("host bug");
    });
    sportsbook.on("page-loaded", (p) => pages.push(p.path));
    fromFrame("page-loaded", { path: "/live" });
    expect(pages).toEqual(["/live"]);
    expect(error).toHaveBeenCalledOnce();
  });

  it("refuses a command the frame would refuse, and a load of another origin", () => {
    const { sportsbook } = mount();
    current = sportsbook;
    expect(() => sportsbook.navigate("//evil.example/")).toThrow(/payload\.path/);
    expect(() => sportsbook.changeCurrency("euro")).toThrow(/payload\.currency/);
    expect(() => sportsbook.load("https://evil.example/")).toThrow(/stays on/);
  });

  it("stops listening and removes its frame when destroyed", () => {
    const { sportsbook, fromFrame } = mount();
    const pages: string[] = [];
    sportsbook.on("page-loaded", (p) => pages.push(p.path));
    sportsbook.destroy();
    fromFrame("page-loaded", { path: "/live" });
    expect(pages).toEqual([]);
    expect(document.querySelector("iframe")).toBeNull();
  });
});
