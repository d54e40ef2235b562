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

  it("keeps a failing area to itself, logs it by name, and renders it again on retry", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
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
    expect(logged.mock.calls.some((c) => String(c[0]).includes('"bet-slip" failed'))).toBe(true);

    broken = false;
    fireEvent.click(view.getByText("Retry"));
    expect(view.getByText("working")).toBeTruthy();
    expect(view.container.querySelector("[data-area-failed]")).toBeNull();
  });
});
