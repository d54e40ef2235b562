import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchSports } from "./sports.server";

/** The languages the API was asked in, one per call, while `fetch` answers an empty sport list. */
function recordLanguages(): string[] {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    asked.push(new Headers(init.headers).get("accept-language") ?? "");
    return new Response(JSON.stringify({ data: [] }), { headers: { "content-type": "application/json" } });
  });
  return asked;
}

describe("the sport list call", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for sr-ME when the page is in sr (SPEC §5), and in the page's language otherwise", async () => {
    const asked = recordLanguages();
    for (const locale of ["sr", "de", "sr-Latn", "pt-BR"]) await fetchSports(locale);
    expect(asked).toEqual(["sr-ME", "de", "sr-Latn", "pt-BR"]);
  });

  it("answers the sports the API lists", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ data: [] }), { headers: { "content-type": "application/json" } }),
    );
    expect(await fetchSports("sr")).toEqual({ data: [] });
  });
});
