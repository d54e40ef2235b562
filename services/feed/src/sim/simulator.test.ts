import { describe, expect, it } from "vitest";
import { createFrameEncoder, decodeFrame } from "../adapters.js";
import { EVENT_STATUS, type FeedEvent } from "../model.js";
import { SANDBOX_CHANNEL } from "./matches.js";
import { createSimulator, type SimMessage } from "./simulator.js";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

function run(seed: number, minutes: number, stepMs: number, matches = 24): SimMessage[] {
  const sim = createSimulator({ seed, matches, startTime: T0 });
  const all: SimMessage[] = [];
  for (let t = T0; t <= T0 + minutes * 60_000; t += stepMs) all.push(...sim.advanceTo(t));
  return all;
}

describe("simulator", () => {
  it("gives the same feed for the same seed however time is sliced", () => {
    const a = run(7, 60, 60_000);
    const b = run(7, 60, 7_000);
    expect(a.length).toBeGreaterThan(500);
    expect(JSON.stringify(b.slice(0, a.length))).toBe(JSON.stringify(a.slice(0, b.length)));
  });

  it("answers a recovery request with each producer's books and snapshot_complete, leaving the session's messages unchanged", () => {
    const plain = createSimulator({ seed: 11, matches: 12, startTime: T0 });
    const asked = createSimulator({ seed: 11, matches: 12, startTime: T0 });
    const a = plain.advanceTo(T0 + 20 * 60_000);
    const b = asked.advanceTo(T0 + 20 * 60_000);
    const answer = asked.recover(5);
    const completes = answer.filter((m) => m.event.kind === "snapshot_complete");
    expect(completes.length).toBeGreaterThanOrEqual(4);
    expect(completes.every((m) => m.event.kind === "snapshot_complete" && m.event.requestId === 5)).toBe(
      true,
    );
    const books = answer.filter((m) => m.event.kind === "odds_change");
    expect(books.length).toBeGreaterThan(0);
    expect(books.every((m) => m.event.kind === "odds_change" && m.event.requestId === 5)).toBe(true);
    // the open outrights are in it too, at their last prices
    const outrights = books.filter(
      (m) => m.event.kind === "odds_change" && m.event.eventUrn.includes(":outright:"),
    );
    expect(outrights).toHaveLength(2);
    expect(outrights.every((m) => m.event.kind === "odds_change" && m.event.markets[0]?.id === 534)).toBe(
      true,
    );
    a.push(...plain.advanceTo(T0 + 60 * 60_000));
    b.push(...asked.advanceTo(T0 + 60 * 60_000));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it("broadcasts every third match when given a stream address, and the same feed otherwise", () => {
    const streamUrl = (urn: string) => `/tv/${urn}`;
    const sim = createSimulator({ seed: 5, matches: 30, startTime: T0, streamUrl });
    const fixtures = sim
      .advanceTo(T0)
      .map((m) => m.event)
      .filter(
        (e): e is Extract<FeedEvent, { kind: "fixture" }> =>
          e.kind === "fixture" && e.fixture.type === "match",
      );
    const broadcast = fixtures.filter((f) => f.fixture.tvChannels);
    expect(broadcast.length).toBe(Math.floor(fixtures.length / 3));
    for (const f of broadcast)
      expect(f.fixture.tvChannels).toEqual([{ name: SANDBOX_CHANNEL, streamUrl: `/tv/${f.eventUrn}` }]);
    // The random stream is untouched: prices and times are those of the feed without streams.
    const strip = (msgs: SimMessage[]) =>
      JSON.stringify(
        msgs.map((m) =>
          m.event.kind === "fixture"
            ? { ...m.event, fixture: { ...m.event.fixture, tvChannels: undefined } }
            : m.event,
        ),
      );
    const plain = createSimulator({ seed: 5, matches: 30, startTime: T0 });
    const withStreams = createSimulator({ seed: 5, matches: 30, startTime: T0, streamUrl });
    const until = T0 + 20 * 60_000;
    expect(strip(withStreams.advanceTo(until))).toBe(strip(plain.advanceTo(until)));
  });

  it("gives a different feed for a different seed", () => {
    expect(JSON.stringify(run(1, 10, 60_000))).not.toBe(JSON.stringify(run(2, 10, 60_000)));
  });

  it("keeps a rolling schedule of live and prematch matches across the sports and providers", () => {
    const msgs = run(3, 240, 60_000, 40);
    const fixtures = msgs
      .filter((m) => m.event.kind === "fixture")
      .map((m) => m.event as Extract<FeedEvent, { kind: "fixture" }>);
    const sports = new Set(fixtures.map((f) => f.fixture.sport.name));
    for (const s of ["Soccer", "Tennis", "Basketball", "Ice Hockey", "Cricket"]) expect(sports).toContain(s);
    expect(
      [...sports].filter((s) => ["Counter-Strike 2", "Dota 2", "League of Legends"].includes(s)).length,
    ).toBeGreaterThan(0);
    expect(new Set(fixtures.map((f) => f.provider))).toEqual(new Set(["betradar", "oddin", "betconstruct"]));
    expect(fixtures.some((f) => f.fixture.type === "outright")).toBe(true);
    const kinds = new Set(msgs.map((m) => m.event.kind));
    for (const k of ["odds_change", "bet_stop", "bet_settlement", "alive", "snapshot_complete"])
      expect(kinds).toContain(k);
    // producers go down and come back
    expect(msgs.some((m) => m.event.kind === "alive" && !m.event.subscribed)).toBe(true);
    // timestamps never go backwards
    for (let i = 1; i < msgs.length; i++)
      expect(msgs[i]?.event.timestamp).toBeGreaterThanOrEqual(msgs[i - 1]?.event.timestamp ?? 0);
  });

  it("keeps as many upcoming matches as it started with, across kick-offs and final whistles", () => {
    const sim = createSimulator({ seed: "sportsbook", matches: 40, startTime: T0, speed: 5 });
    sim.advanceTo(T0);
    const upcoming = () => sim.matchCount() - sim.liveMatches();
    const first = upcoming();
    expect(first).toBeGreaterThanOrEqual(20);
    const seen = new Set<number>();
    let kickOffs = 0;
    let live = sim.liveMatches();
    for (let t = T0; t <= T0 + 6 * 3_600_000; t += 60_000) {
      sim.advanceTo(t);
      if (sim.liveMatches() > live) kickOffs += 1;
      live = sim.liveMatches();
      seen.add(upcoming());
    }
    // hours of matches kicking off and ending, and never a shorter (or longer) upcoming list
    expect(kickOffs).toBeGreaterThan(20);
    expect([...seen]).toEqual([first]);
    expect(sim.liveMatches()).toBeGreaterThan(10);
  });

  it("settles winners consistently with the final score it announced", () => {
    const msgs = run(5, 300, 60_000, 40);
    const finals = new Map<string, { home: number; away: number }>();
    let checked = 0;
    for (const { event: e } of msgs) {
      if (e.kind === "odds_change" && e.status && e.status.status === 3) {
        finals.set(e.eventUrn, { home: e.status.homeScore ?? 0, away: e.status.awayScore ?? 0 });
      }
      if (e.kind === "bet_settlement" && e.certainty === 2) {
        const f = finals.get(e.eventUrn);
        const x12 = e.markets.find((m) => m.id === 1);
        if (f && x12 && e.eventUrn.startsWith("sr:match")) {
          const expected = f.home > f.away ? "1" : f.home === f.away ? "2" : "3";
          expect(x12.outcomes.find((o) => o.result === 1)?.id).toBe(expected);
          checked++;
        }
        const w = e.markets.find((m) => m.id === 186 || m.id === 219);
        if (f && w) {
          expect(w.outcomes.find((o) => o.result === 1)?.id).toBe(f.home > f.away ? "4" : "5");
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("settles or cancels every market it offered once a match is closed", () => {
    const offered = new Map<string, Set<string>>();
    const resolved = new Map<string, Set<string>>();
    const add = (map: Map<string, Set<string>>, urn: string, k: string) => {
      const set = map.get(urn) ?? new Set<string>();
      map.set(urn, set.add(k));
    };
    let closed = 0;
    for (const { event: e } of run(4, 240, 60_000, 30)) {
      if (e.kind === "odds_change") {
        for (const m of e.markets) add(offered, e.eventUrn, `${m.id}/${m.specifiers}`);
        if (e.status?.status !== 4 || !e.eventUrn.includes(":match:")) continue;
        const open = [...(offered.get(e.eventUrn) ?? [])].filter((k) => !resolved.get(e.eventUrn)?.has(k));
        expect(open, e.eventUrn).toEqual([]);
        closed++;
      } else if (e.kind === "bet_settlement" || e.kind === "bet_cancel") {
        for (const m of e.markets) add(resolved, e.eventUrn, `${m.id}/${m.specifiers}`);
      }
    }
    expect(closed).toBeGreaterThan(10);
  });

  it("closes every outright it settles, so no settled season market stays in a schedule", () => {
    const settled = new Set<string>();
    const closed = new Set<string>();
    for (const { event: e } of run(6, 8 * 60, 10 * 60_000, 4)) {
      if (!("eventUrn" in e) || !e.eventUrn.includes(":outright:")) continue;
      if (e.kind === "bet_settlement") settled.add(e.eventUrn);
      if (e.kind === "odds_change" && e.status?.status === EVENT_STATUS.closed) {
        expect(settled.has(e.eventUrn), e.eventUrn).toBe(true);
        closed.add(e.eventUrn);
      }
    }
    expect(settled.size).toBeGreaterThanOrEqual(2);
    expect([...closed].sort()).toEqual([...settled].sort());
  });

  it("emits provider-format messages that the adapters read back to the same events", () => {
    const enc = createFrameEncoder();
    let uof = 0;
    for (const msg of run(9, 90, 60_000)) {
      const frame = enc.encode(msg.event, msg);
      if (!frame) continue;
      const r = decodeFrame(frame);
      if (!r.ok) throw new Error(`${r.reason}\n${frame.body}`);
      if (msg.event.provider !== "betconstruct") {
        expect(r.events).toEqual([msg.event]);
        uof++;
      } else {
        expect(r.events.length).toBeGreaterThan(0);
        expect(
          r.events.every(
            (e) => !("eventUrn" in e) || e.eventUrn === (msg.event as { eventUrn?: string }).eventUrn,
          ),
        ).toBe(true);
      }
    }
    expect(uof).toBeGreaterThan(1000);
  });
});
