import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated";

function Submit() {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={!hydrated}>
      Save
    </button>
  );
}

describe("useHydrated", () => {
  it("renders disabled on the server and enables once hydration has attached the handlers", async () => {
    const html = renderToString(<Submit />);
    expect(html).toContain("disabled");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Submit />);
    });
    expect(container.querySelector("button")?.disabled).toBe(false);
    container.remove();
  });
});
