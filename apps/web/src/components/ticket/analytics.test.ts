import { describe, expect, it } from "vitest";
import { pageAnalytics } from "./analytics";

describe("the analytics adapter (SPEC §7)", () => {
  it("pushes to the page's dataLayer when the operator set one up, and drops events otherwise", () => {
    const page: { dataLayer?: unknown[] } = {};
    const track = pageAnalytics(page);
    track({ event: "outcome_add_click", outcomeId: "1", matchId: "2" });
    expect(page.dataLayer).toBeUndefined();
    page.dataLayer = [];
    track({ event: "outcome_delete_click", outcomeId: "1", matchId: "2" });
    expect(page.dataLayer).toEqual([{ event: "outcome_delete_click", outcomeId: "1", matchId: "2" }]);
  });
});
