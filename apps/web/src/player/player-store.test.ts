import { describe, expect, it } from "vitest";
import {
  type PlayerAccount,
  type PlayerProfile,
  type PlayerSource,
  PlayerStore,
  SessionExpired,
  SIGNED_OUT,
} from "./player-store";

const profile: PlayerProfile = {
  id: 7,
  email: "p@example.com",
  name: null,
  firstName: null,
  lastName: null,
  nickname: null,
  phone: null,
  language: "en",
  currency: "EUR",
  statuses: [],
  authFieldsMissed: [],
  country: null,
};
const eur: PlayerAccount = { code: "EUR", subunits: 2, fiat: true, balance: 10_000 };
const usd: PlayerAccount = { code: "USD", subunits: 2, fiat: true, balance: 500 };

function source(over: Partial<PlayerSource> = {}): PlayerSource & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    profile: async () => profile,
    accounts: async () => [eur, usd],
    signOut: async () => {
      calls.push("signOut");
    },
    setCurrency: async (c) => {
      calls.push(`currency:${c}`);
    },
    ...over,
  };
}

describe("PlayerStore (SPEC §4 auth status)", () => {
  it("goes unknown → pending → logged in with profile, accounts and the profile's currency", async () => {
    const store = new PlayerStore(source());
    const seen: string[] = [store.get().status];
    store.subscribe(() => seen.push(store.get().status));
    await store.load();
    expect(seen).toEqual(["unknown", "pending", "logged_in"]);
    expect(store.get().currency).toBe("EUR");
    expect(store.get().accounts).toHaveLength(2);
  });

  it("a profile read again after an edit replaces it without passing through pending", async () => {
    let current = profile;
    const store = new PlayerStore(source({ profile: async () => current }));
    await store.load();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get().status));
    current = { ...profile, firstName: "Ada", authFieldsMissed: [] };
    await store.refreshProfile();
    expect(seen).toEqual(["logged_in"]);
    expect(store.get().profile?.firstName).toBe("Ada");
  });

  it("a visitor (no profile) is not logged in", async () => {
    const store = new PlayerStore(source({ profile: async () => null }));
    await store.load();
    expect(store.get().status).toBe("not_logged_in");
  });

  it("a session its server did not see is unknown until read, never a known player's state", () => {
    const visitor = new PlayerStore(source(), SIGNED_OUT);
    visitor.sessionKnownLater();
    expect(visitor.get().status).toBe("unknown");
    const known = new PlayerStore(source(), { ...SIGNED_OUT, status: "logged_in", profile });
    known.sessionKnownLater();
    expect(known.get().status).toBe("logged_in");
  });

  it("a 401 while loading signs out and marks the session as ended", async () => {
    const store = new PlayerStore(
      source({
        profile: async () => {
          throw new SessionExpired();
        },
      }),
    );
    await store.load();
    expect(store.get()).toMatchObject({ status: "not_logged_in", sessionEnded: "expired" });
  });

  it("a 401 of any later call signs a logged-in player out; a visitor's 401 changes nothing", async () => {
    const store = new PlayerStore(source());
    store.sessionExpired();
    expect(store.get()).toMatchObject({ status: "unknown", sessionEnded: false });
    await store.load();
    store.sessionExpired();
    expect(store.get()).toMatchObject({ status: "not_logged_in", sessionEnded: "expired", accounts: [] });
    store.acknowledgeSessionEnded();
    expect(store.get().sessionEnded).toBe(false);
  });

  it("a limit that ends the session is named, for the modal of that limit", async () => {
    const store = new PlayerStore(source());
    await store.load();
    store.sessionExpired("activity_limit");
    expect(store.get()).toMatchObject({ status: "not_logged_in", sessionEnded: "activity_limit" });
  });

  it("sign-out clears profile and accounts even before the server answers", async () => {
    const src = source();
    const store = new PlayerStore(src);
    await store.load();
    const done = store.signOut();
    expect(store.get()).toMatchObject({ status: "not_logged_in", profile: null, accounts: [] });
    await done;
    expect(src.calls).toEqual(["signOut"]);
  });

  it("balance_changed updates that currency's account only", async () => {
    const store = new PlayerStore(source());
    await store.load();
    store.balanceChanged("USD", 123);
    store.balanceChanged("BTC", 1);
    expect(store.get().accounts).toEqual([eur, { ...usd, balance: 123 }]);
  });

  it("a live balance that lands while the accounts are read again wins over the read", async () => {
    let reads = 0;
    let release: (a: PlayerAccount[]) => void = () => {};
    const store = new PlayerStore(
      source({
        accounts: () => (reads++ === 0 ? Promise.resolve([eur, usd]) : new Promise((r) => (release = r))),
      }),
    );
    await store.load();
    const refreshing = store.refreshAccounts();
    store.balanceChanged("EUR", 7_000);
    // the read was answered before that posting: its EUR is older, its USD is the newest there is
    release([eur, { ...usd, balance: 900 }]);
    await refreshing;
    expect(store.get().accounts).toEqual([
      { ...eur, balance: 7_000 },
      { ...usd, balance: 900 },
    ]);
    // with nothing live meanwhile, the read is taken whole
    const again = store.refreshAccounts();
    release([{ ...eur, balance: 6_500 }, usd]);
    await again;
    expect(store.get().accounts).toEqual([{ ...eur, balance: 6_500 }, usd]);
  });

  it("an accounts read that a sign-out overtook leaves the player signed out", async () => {
    let reads = 0;
    let release: (a: PlayerAccount[]) => void = () => {};
    const store = new PlayerStore(
      source({
        accounts: () => (reads++ === 0 ? Promise.resolve([eur]) : new Promise((r) => (release = r))),
      }),
    );
    await store.load();
    const refreshing = store.refreshAccounts();
    await store.signOut();
    release([eur, usd]);
    await refreshing;
    expect(store.get()).toMatchObject({ status: "not_logged_in", accounts: [] });
  });

  it("currency switch does nothing when already current or without such an account", async () => {
    const src = source();
    const store = new PlayerStore(src);
    await store.load();
    expect(await store.switchCurrency("EUR")).toBe(false);
    expect(await store.switchCurrency("GBP")).toBe(false);
    expect(await store.switchCurrency("USD")).toBe(true);
    expect(store.get().currency).toBe("USD");
    expect(src.calls).toEqual(["currency:USD"]);
  });

  it("a load that a sign-out overtook does not sign the player back in", async () => {
    let release: (p: PlayerProfile) => void = () => {};
    const store = new PlayerStore(source({ profile: () => new Promise((r) => (release = r)) }));
    const loading = store.load();
    await store.signOut();
    release(profile);
    await loading;
    expect(store.get().status).toBe("not_logged_in");
  });
});
