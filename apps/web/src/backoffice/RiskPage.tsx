"use client";

import type { RiskPlayer, RiskProfileBody, riskPlayersSchema } from "@sportsbook/contracts";
import { formatAmount, money, parseAmount, readDecimal } from "@sportsbook/domain";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { boFetch } from "./api";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { useSortable } from "./sortable";
import { t } from "./strings";
import { useLoad } from "./use-load";

type Players = z.infer<typeof riskPlayersSchema>;

const currencyOf = (p: RiskPlayer) => ({ code: p.currency, subunits: p.subunits, fiat: p.fiat });

/** A stake factor typed as a decimal ("0.5") as the integer ×1000 the API takes; none when it is not one. */
function factorFromText(text: string): number | undefined {
  const d = readDecimal(text);
  if (!d || d.negative || d.scale > 3) return undefined;
  const scaled = Number(d.units) * 10 ** (3 - d.scale);
  return scaled >= 10 && scaled <= 10_000 ? scaled : undefined;
}

const factorText = (f: number) => String(f / 1000);

/** The profile form of one player: every field at once, with a reason. */
function ProfileForm({ player, saved }: { player: RiskPlayer; saved: (p: RiskPlayer) => void }) {
  const [problem, setProblem] = useState<string>();
  const p = player.profile;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const factor = factorFromText(String(form.get("factor") ?? ""));
    if (factor === undefined) return setProblem(t.risk.badFactor);
    const maxText = String(form.get("max_stake") ?? "").trim();
    let maxStake: number | null = null;
    if (maxText !== "") {
      const parsed = parseAmount(maxText, currencyOf(player));
      if (!parsed.ok) return setProblem(t.risk.badMaxStake);
      maxStake = parsed.value.amount;
    }
    const body: RiskProfileBody = {
      stake_factor: factor,
      max_stake: maxStake,
      betting_blocked: form.get("betting_blocked") === "on",
      live_betting_blocked: form.get("live_betting_blocked") === "on",
      cashout_blocked: form.get("cashout_blocked") === "on",
      reason: String(form.get("reason") ?? ""),
    };
    setProblem(undefined);
    boFetch<{ data: RiskPlayer }>(`/risk/players/${player.player_id}`, { method: "PUT", body }).then(
      (answer) => saved(answer.data),
      (e: unknown) => setProblem(e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <form
      className="bo-form bo-risk-form"
      onSubmit={submit}
      aria-label={`${t.risk.title}: ${player.email ?? player.player_id}`}
    >
      <label>
        {t.risk.factor}
        <input
          name="factor"
          defaultValue={factorText(p?.stake_factor ?? 1000)}
          inputMode="decimal"
          required
        />
        <small>{t.risk.factorHint}</small>
      </label>
      <label>
        {t.risk.maxStake} ({player.currency})
        <input
          name="max_stake"
          inputMode="decimal"
          defaultValue={
            p?.max_stake != null ? formatAmount(money(p.max_stake, player.currency), currencyOf(player)) : ""
          }
        />
        <small>{t.risk.maxStakeHint}</small>
      </label>
      <label className="bo-check">
        <input type="checkbox" name="betting_blocked" defaultChecked={p?.betting_blocked ?? false} />
        {t.risk.bettingBlocked}
      </label>
      <label className="bo-check">
        <input
          type="checkbox"
          name="live_betting_blocked"
          defaultChecked={p?.live_betting_blocked ?? false}
        />
        {t.risk.liveBlocked}
      </label>
      <label className="bo-check">
        <input type="checkbox" name="cashout_blocked" defaultChecked={p?.cashout_blocked ?? false} />
        {t.risk.cashoutBlocked}
      </label>
      <label>
        {t.risk.reason}
        <input name="reason" required minLength={3} maxLength={500} />
      </label>
      <Problem>{problem}</Problem>
      <button type="submit">{t.risk.save}</button>
    </form>
  );
}

/** Players' risk profiles: find a player, read their profile, and (traders) set it. */
export function RiskPage() {
  const [query, setQuery] = useState("");
  const { data, error, reload } = useLoad<Players>(
    `/risk/players${query ? `?q=${encodeURIComponent(query)}` : ""}`,
  );
  const { may } = useStaffSession();
  const { rows, header } = useSortable(data?.data, {
    player: (p) => p.email ?? String(p.player_id),
    currency: (p) => p.currency,
    factor: (p) => p.profile?.stake_factor ?? 1000,
    max: (p) => p.profile?.max_stake ?? Number.MAX_SAFE_INTEGER,
    betting: (p) => Number(p.profile?.betting_blocked ?? false),
    live: (p) => Number(p.profile?.live_betting_blocked ?? false),
    cashout: (p) => Number(p.profile?.cashout_blocked ?? false),
    reason: (p) => p.profile?.reason ?? "",
  });
  const [editing, setEditing] = useState<number>();
  const [done, setDone] = useState<string>();
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(String(new FormData(event.currentTarget).get("q") ?? "").trim());
  };
  const canSet = may("setRiskProfile");
  return (
    <section>
      <h1>{t.risk.title}</h1>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.risk.search}>
        <label>
          {t.risk.search}
          <input name="q" type="search" placeholder={t.risk.searchHint} />
        </label>
        <button type="submit">{t.audit.search}</button>
      </form>
      <Problem>{error}</Problem>
      {done && <output className="bo-ok">{done}</output>}
      <table className="bo-table">
        <thead>
          <tr>
            {header("player", t.risk.player)}
            {header("currency", t.risk.currency)}
            {header("factor", t.risk.factor)}
            {header("max", t.risk.maxStake)}
            {header("betting", t.risk.bettingBlocked)}
            {header("live", t.risk.liveBlocked)}
            {header("cashout", t.risk.cashoutBlocked)}
            {header("reason", t.risk.reason)}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows?.map((p) => {
            const r = p.profile;
            const yes = (v: boolean | undefined) => (v ? t.staff.yes : t.staff.no);
            return (
              <tr key={p.player_id} data-player-id={p.player_id}>
                <td>
                  {p.email ?? "—"} <small>#{p.player_id}</small>
                </td>
                <td>{p.currency}</td>
                <td className="bo-num">{r ? factorText(r.stake_factor) : t.risk.defaults}</td>
                <td className="bo-num">
                  {r?.max_stake != null ? formatAmount(money(r.max_stake, p.currency), currencyOf(p)) : "—"}
                </td>
                <td>{yes(r?.betting_blocked)}</td>
                <td>{yes(r?.live_betting_blocked)}</td>
                <td>{yes(r?.cashout_blocked)}</td>
                <td>{r ? `“${r.reason}” ${t.risk.by} ${r.updated_by}` : ""}</td>
                <td>
                  {canSet && (
                    <button
                      type="button"
                      onClick={() => setEditing(editing === p.player_id ? undefined : p.player_id)}
                      aria-label={`${t.risk.edit} ${p.email ?? p.player_id}`}
                    >
                      {t.risk.edit}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {data && data.data.length === 0 && <p>{t.risk.none}</p>}
      {canSet &&
        data?.data
          .filter((p) => p.player_id === editing)
          .map((p) => (
            <ProfileForm
              key={p.player_id}
              player={p}
              saved={(answer) => {
                setEditing(undefined);
                setDone(`${t.risk.saved} ${answer.email ?? answer.player_id}`);
                reload();
              }}
            />
          ))}
    </section>
  );
}
