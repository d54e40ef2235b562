"use client";

import type { LiveBetDelayBody, MarketKindLimitBody, tradingLimitsSchema } from "@sportsbook/contracts";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { boFetch } from "./api";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

type Limits = z.infer<typeof tradingLimitsSchema>;

/** A whole number typed in a field: null when empty, undefined when it is not one. */
function wholeOrEmpty(value: FormDataEntryValue | null): number | null | undefined {
  const text = String(value ?? "").trim();
  if (text === "") return null;
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

const shown = (v: number | null) => (v === null ? "—" : String(v));

/** Sets one market kind's maximum stake and payout. */
function MarketKindForm({ saved }: { saved: (message: string) => void }) {
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const marketId = wholeOrEmpty(form.get("market_id"));
    if (marketId == null) return setProblem(t.limits.badId);
    const maxStake = wholeOrEmpty(form.get("max_stake"));
    const maxPayout = wholeOrEmpty(form.get("max_payout"));
    if (maxStake === undefined || maxPayout === undefined) return setProblem(t.limits.badNumber);
    const body: MarketKindLimitBody = {
      max_stake_major: maxStake,
      max_payout_major: maxPayout,
      reason: String(form.get("reason") ?? ""),
    };
    setProblem(undefined);
    boFetch(`/limits/markets/${marketId}`, { method: "PUT", body }).then(
      () => saved(`${t.limits.saved}: ${t.limits.marketId} ${marketId}`),
      (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <form className="bo-form" onSubmit={submit} aria-label={t.limits.markets}>
      <label>
        {t.limits.marketId}
        <input name="market_id" inputMode="numeric" required />
      </label>
      <label>
        {t.limits.maxStake}
        <input name="max_stake" inputMode="numeric" />
      </label>
      <label>
        {t.limits.maxPayout}
        <input name="max_payout" inputMode="numeric" />
      </label>
      <label>
        {t.limits.reason}
        <input name="reason" required minLength={3} maxLength={500} />
      </label>
      <Problem>{problem}</Problem>
      <button type="submit">{t.limits.save}</button>
    </form>
  );
}

/** Sets or removes a sport's or a tournament's live bet delay. */
function LiveDelayForm({ saved }: { saved: (message: string) => void }) {
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const id = wholeOrEmpty(form.get("scope_id"));
    if (id == null) return setProblem(t.limits.badId);
    const delay = wholeOrEmpty(form.get("delay_ms"));
    if (delay === undefined) return setProblem(t.limits.badNumber);
    const tournament = form.get("scope") === "tournament";
    const body: LiveBetDelayBody = {
      sport_id: tournament ? null : id,
      tournament_id: tournament ? id : null,
      delay_ms: delay,
      reason: String(form.get("reason") ?? ""),
    };
    setProblem(undefined);
    boFetch("/limits/live-delays", { method: "PUT", body }).then(
      () => saved(`${t.limits.saved}: ${tournament ? t.limits.tournament : t.limits.sport} ${id}`),
      (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <form className="bo-form" onSubmit={submit} aria-label={t.limits.delays}>
      <label>
        {t.limits.scope}
        <select name="scope" defaultValue="sport">
          <option value="sport">{t.limits.sport}</option>
          <option value="tournament">{t.limits.tournament}</option>
        </select>
      </label>
      <label>
        {t.limits.scopeId}
        <input name="scope_id" inputMode="numeric" required />
      </label>
      <label>
        {t.limits.delayMs}
        <input name="delay_ms" inputMode="numeric" />
      </label>
      <label>
        {t.limits.reason}
        <input name="reason" required minLength={3} maxLength={500} />
      </label>
      <Problem>{problem}</Problem>
      <button type="submit">{t.limits.save}</button>
    </form>
  );
}

/** Trading limits: market kinds' maximum stake and payout, live bet delays; traders set them. */
export function LimitsPage() {
  const { data, error, reload } = useLoad<Limits>("/limits");
  const { may } = useStaffSession();
  const [done, setDone] = useState<string>();
  const saved = (message: string) => {
    setDone(message);
    reload();
  };
  const markets = data?.data.markets ?? [];
  const delays = data?.data.live_delays ?? [];
  return (
    <section>
      <h1>{t.limits.title}</h1>
      <Problem>{error}</Problem>
      {done && <output className="bo-ok">{done}</output>}
      <h2>{t.limits.markets}</h2>
      <p>{t.limits.marketsIntro}</p>
      <table className="bo-table" aria-label={t.limits.markets}>
        <thead>
          <tr>
            <th>{t.limits.marketId}</th>
            <th>{t.limits.maxStake}</th>
            <th>{t.limits.maxPayout}</th>
            <th>{t.limits.reason}</th>
          </tr>
        </thead>
        <tbody>
          {markets.map((m) => (
            <tr key={m.market_id} data-market-id={m.market_id}>
              <td>{m.market_id}</td>
              <td className="bo-num">{shown(m.max_stake_major)}</td>
              <td className="bo-num">{shown(m.max_payout_major)}</td>
              <td>{`“${m.reason}” ${t.limits.by} ${m.updated_by}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && markets.length === 0 && <p>{t.limits.none}</p>}
      {may("setMarketKindLimit") && <MarketKindForm saved={saved} />}
      <h2>{t.limits.delays}</h2>
      <p>{t.limits.delaysIntro}</p>
      <table className="bo-table" aria-label={t.limits.delays}>
        <thead>
          <tr>
            <th>{t.limits.scope}</th>
            <th>{t.limits.name}</th>
            <th>{t.limits.delayMs}</th>
            <th>{t.limits.reason}</th>
          </tr>
        </thead>
        <tbody>
          {delays.map((d) => (
            <tr key={`${d.sport_id ?? ""}-${d.tournament_id ?? ""}`}>
              <td>
                {d.tournament_id !== null ? t.limits.tournament : t.limits.sport} #
                {d.tournament_id ?? d.sport_id}
              </td>
              <td>{d.name}</td>
              <td className="bo-num">{d.delay_ms}</td>
              <td>{`“${d.reason}” ${t.limits.by} ${d.updated_by}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && delays.length === 0 && <p>{t.limits.none}</p>}
      {may("setLiveBetDelay") && <LiveDelayForm saved={saved} />}
    </section>
  );
}
