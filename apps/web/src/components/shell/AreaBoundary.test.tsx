import { fireEvent, render } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AreaBoundary } from "./AreaBoundary";

const messages = {
  "global-error": { default: { title: "Something went wrong", description: "Try again." }, retry: "Retry" },
};

let broken = true;
function Fragile() {
  if (broken) throw new Error("render failed");
  return <p>working</p>;
}

describe("AreaBoundary", () => {
  afterEach(() => vi.restoreAllMocks());

  afterEach(() => vi.unstubAllGlobals());

  it("keeps a failing area to itself, reports it by name, and renders it again on retry", () => {
    // React itself logs a caught render error; the area's own report goes to the page's reporter.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(String(init?.body));
        return new Response(null, { status: 202 });
      }),
    );
    const view = render(
      <NextIntlClientProvider locale="en" messages={messages}>
        <AreaBoundary area="bet-slip">
          <Fragile />
        </AreaBoundary>
        <p>the rest of the page</p>
      </NextIntlClientProvider>,
    );
    const failed = view.container.querySelector("[data-area-failed=bet-slip]");
    expect(failed?.textContent).toContain("Something went wrong");
    expect(view.getByText("the rest of the page")).toBeTruthy();
    const reports = sent.map((body) => JSON.parse(body) as { kind: string; during?: string });
    expect(reports).toContainEqual(
      expect.objectContaining({ kind: "render", during: 'showing the page area "bet-slip"' }),
    );

    broken = false;
    fireEvent.click(view.getByText("Retry"));
    expect(view.getByText("working")).toBeTruthy();
    expect(view.container.querySelector("[data-area-failed]")).toBeNull();
  });
});
