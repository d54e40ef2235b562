import type { Notification } from "@sportsbook/contracts/http/notifications";
import { describe, expect, it } from "vitest";
import { notificationText } from "./notification-text";

const EUR = { code: "EUR", subunits: 2, fiat: true };
const t = (key: string, values?: Record<string, string | number>) => `${key}|${JSON.stringify(values)}`;
const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  title: "API title",
  body: "API body",
  caption: null,
  type: "bet_settled",
  object_type: "bet",
  object_id: "42",
  params: { amount: 18_00, currency: "EUR", result: "win_entire" },
  read: false,
  created_at: "2026-01-01T00:00:00.000Z",
  ...over,
});

describe("notificationText", () => {
  it("words a settled bet by its result, with the amount in the currency's format", () => {
    const won = notificationText(note({}), t, [EUR], "en");
    expect(won.title).toBe('notifications.bet_settled.title|{"id":"42","amount":"€18.00"}');
    expect(won.body).toMatch(/^notifications\.bet_settled\.won\|/);
    const lost = notificationText(
      note({ params: { amount: 0, currency: "EUR", result: "lose_entire" } }),
      t,
      [EUR],
      "en",
    );
    expect(lost.body).toMatch(/^notifications\.bet_settled\.lost\|/);
    const half = notificationText(
      note({ params: { amount: 5_00, currency: "EUR", result: "refund_half_lose_other" } }),
      t,
      [EUR],
      "en",
    );
    expect(half.body).toMatch(/^notifications\.bet_settled\.paid\|.*€5\.00/);
  });

  it("names an issued bonus, and keeps the API's words without a name", () => {
    const issued = note({ type: "bonus_issued", object_type: "bonus", params: { name: "Acca boost" } });
    expect(notificationText(issued, t, [EUR], "en")).toEqual({
      title: "notifications.bonus_issued.title|undefined",
      body: 'notifications.bonus_issued.body|{"name":"Acca boost"}',
    });
    expect(notificationText(note({ type: "bonus_issued", params: {} }), t, [EUR], "en")).toEqual({
      title: "API title",
      body: "API body",
    });
  });

  it("words payments by type", () => {
    const d = notificationText(
      note({ type: "deposit_succeeded", params: { amount: 25_00, currency: "EUR" } }),
      t,
      [EUR],
      "de",
    );
    // German puts the symbol after the amount, with a no-break space between.
    expect(d.body).toMatch(/^notifications\.deposit_succeeded\.body\|\{"id":"42","amount":"25,00\s€"\}$/);
  });

  it("words a limit change with the limit's own name", () => {
    const applied = notificationText(
      note({
        type: "limit_changed",
        object_type: "limit",
        params: { limit_type: "deposit", change: "applied" },
      }),
      t,
      [EUR],
      "en",
    );
    expect(applied).toEqual({
      title: 'notifications.limit_changed.title|{"limit":"limits.type.deposit|undefined"}',
      body: 'notifications.limit_changed.applied|{"limit":"limits.type.deposit|undefined"}',
    });
    const removed = notificationText(
      note({ type: "limit_changed", params: { limit_type: "loss", change: "removed" } }),
      t,
      [EUR],
      "en",
    );
    expect(removed.body).toMatch(/^notifications\.limit_changed\.removed\|/);
    expect(
      notificationText(note({ type: "limit_changed", params: { limit_type: "nonsense" } }), t, [EUR], "en"),
    ).toEqual({ title: "API title", body: "API body" });
  });

  it("keeps the API's words for an unknown type or a currency it cannot format", () => {
    expect(notificationText(note({ type: "bonus_issued" }), t, [EUR], "en")).toEqual({
      title: "API title",
      body: "API body",
    });
    expect(
      notificationText(
        note({ params: { amount: 1, currency: "XYZ", result: "win_entire" } }),
        t,
        [EUR],
        "en",
      ),
    ).toEqual({ title: "API title", body: "API body" });
  });
});
