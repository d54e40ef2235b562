"use client";

import {
  LIMIT_KIND,
  type LimitType,
  limitPeriodSchema,
  limitTypeSchema,
  type PlayerDetail,
} from "@sportsbook/contracts";
import { BET_LIST_FILTERS, parseAmount } from "@sportsbook/domain";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { boFetch } from "./api";
import { formatMinor, STAFF_LOCALE } from "./money";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(STAFF_LOCALE) : "—");
const odds = (v: number) => (v / 1000).toFixed(2);

/** A read-only table of the player page; columns named in `numeric` are set in tabular figures. */
function Table({
  head,
  rows,
  label,
  numeric = [],
}: {
  head: string[];
  rows: (string | number)[][];
  label: string;
  numeric?: string[];
}) {
  if (rows.length === 0) return <p>{t.players.empty}</p>;
  return (
    <table className="bo-table" aria-label={label}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-read whole, never reordered in place
          <tr key={i}>
            {cells.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow the header's order
              <td key={j} className={numeric.includes(head[j] ?? "") ? "bo-num" : undefined}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One player for support and finance: profile, balances, sessions, bets, transactions, limits,
 * bonuses, notes and adjustments, with the account actions the member's role opens.
 */
export function PlayerPage({ playerId }: { playerId: number }) {
  const [betFilter, setBetFilter] = useState("all");
  const { data, error, reload } = useLoad<{ data: PlayerDetail }>(`/players/${playerId}?bets=${betFilter}`);
  const { may } = useStaffSession();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [reason, setReason] = useState("");
  const act = async (work: () => Promise<string>) => {
    setMessage(undefined);
    try {
      setMessage({ ok: true, text: await work() });
      reload();
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  if (error) return <Problem>{error}</Problem>;
  if (!data) return <p className="bo-loading">{t.loading}</p>;
  const d = data.data;
  const p = d.player;
  const fmt = (amount: number, currency: string) => formatMinor(amount, currency, d.currencies);
  const post = (path: string, body: unknown, done: string) =>
    act(async () => {
      await boFetch(`/players/${playerId}${path}`, { method: "POST", body });
      return done;
    });
  const setStatus = (status: "active" | "blocked" | "closed") => {
    if (status === "closed" && !window.confirm(t.players.closeConfirm)) return;
    void post("/status", { status, reason }, t.players.done);
  };

  const adjust = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currency = d.currencies.find((c) => c.code === p.currency) ?? {
      code: p.currency,
      subunits: 2,
      fiat: true,
    };
    const parsed = parseAmount(String(form.get("amount") ?? ""), currency, { min: 1 });
    if (!parsed.ok) {
      setMessage({ ok: false, text: `${t.players.amount}: ${parsed.error.message}` });
      return;
    }
    const sign = form.get("direction") === "debit" ? -1 : 1;
    void act(async () => {
      const answer = await boFetch<{ data: { status: string } }>(`/players/${playerId}/adjustments`, {
        method: "POST",
        body: { amount: sign * parsed.value.amount, reason: String(form.get("reason") ?? "") },
      });
      return answer.data.status === "pending" ? t.players.pending : t.players.adjusted;
    });
  };

  const setLimit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const type = String(form.get("type")) as LimitType;
    const value = String(form.get("value") ?? "").trim();
    const period = String(form.get("period") ?? "");
    void post(
      "/limits",
      {
        type,
        ...(value ? { value: Number(value) } : {}),
        ...(period ? { period } : {}),
        reason: String(form.get("reason") ?? ""),
      },
      t.players.limitSet,
    );
  };

  const addNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formEl = event.currentTarget;
    void post("/notes", { body: String(new FormData(formEl).get("body") ?? "") }, t.players.done).then(() =>
      formEl.reset(),
    );
  };

  return (
    <section className="bo-player">
      <p>
        <Link href="/backoffice/players">← {t.players.back}</Link>
      </p>
      <h1>
        {p.email ?? `#${p.id}`} <small>({t.playerStatus[p.status]})</small>
      </h1>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "bo-ok" : "bo-error"}>
          {message.text}
        </p>
      )}
      <div className="bo-columns">
        <div>
          <h2>{t.players.profile}</h2>
          <dl className="bo-facts">
            <dt>{t.players.id}</dt>
            <dd>{p.id}</dd>
            <dt>{t.players.name}</dt>
            <dd>{p.name || "—"}</dd>
            <dt>{t.players.phone}</dt>
            <dd>{p.phone ?? "—"}</dd>
            <dt>{t.players.country}</dt>
            <dd>{p.country_code ?? "—"}</dd>
            <dt>{t.players.language}</dt>
            <dd>{p.language}</dd>
            <dt>{t.players.status}</dt>
            <dd data-testid="player-status">{t.playerStatus[p.status]}</dd>
            <dt>{t.players.confirmed}</dt>
            <dd>{p.email_confirmed ? t.players.yes : t.players.no}</dd>
            <dt>{t.players.locked}</dt>
            <dd>{p.locked ? t.players.yes : t.players.no}</dd>
            <dt>{t.players.since}</dt>
            <dd>{when(p.created_at)}</dd>
          </dl>
          <h2>{t.players.balances}</h2>
          <Table
            label={t.players.balances}
            numeric={[t.players.balance]}
            head={[t.players.currency, t.players.balance]}
            rows={d.balances.map((b) => [b.currency, fmt(b.balance, b.currency)])}
          />
        </div>
        <div>
          {(may("setPlayerStatus") || may("forcePasswordReset")) && (
            <form className="bo-form" aria-label={t.players.account} onSubmit={(e) => e.preventDefault()}>
              <h2>{t.players.account}</h2>
              <label>
                {t.players.reason}
                <input
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder={t.players.reasonHint}
                />
              </label>
              <div className="bo-actions">
                {may("setPlayerStatus") && p.status === "active" && (
                  <button type="button" onClick={() => setStatus("blocked")}>
                    {t.players.block}
                  </button>
                )}
                {may("setPlayerStatus") && p.status === "blocked" && (
                  <button type="button" onClick={() => setStatus("active")}>
                    {t.players.unblock}
                  </button>
                )}
                {may("setPlayerStatus") && p.status !== "closed" && (
                  <button type="button" className="bo-danger" onClick={() => setStatus("closed")}>
                    {t.players.close}
                  </button>
                )}
                {may("forcePasswordReset") && p.status !== "closed" && (
                  <button
                    type="button"
                    onClick={() => void post("/password-reset", { reason }, t.players.done)}
                  >
                    {t.players.passwordReset}
                  </button>
                )}
              </div>
            </form>
          )}
          {may("requestAdjustment") && (
            <form className="bo-form" aria-label={t.players.adjust} onSubmit={adjust}>
              <h2>{t.players.adjust}</h2>
              <label>
                {t.players.direction}
                <select name="direction" defaultValue="credit">
                  <option value="credit">{t.players.credit}</option>
                  <option value="debit">{t.players.debit}</option>
                </select>
              </label>
              <label>
                {t.players.amount} ({p.currency})
                <input name="amount" inputMode="decimal" required />
              </label>
              <label>
                {t.players.reason}
                <input name="reason" placeholder={t.players.reasonHint} />
              </label>
              <button type="submit">{t.players.adjustSubmit}</button>
            </form>
          )}
        </div>
      </div>

      <h2>{t.players.limits}</h2>
      <Table
        label={t.players.limits}
        head={[
          t.players.limitType,
          t.players.status,
          t.players.limitValue,
          t.players.limitPeriod,
          t.players.expires,
        ]}
        rows={d.limits.map((l) => [
          l.type,
          l.status,
          l.value === null
            ? "—"
            : LIMIT_KIND[l.type].startsWith("money") && l.currency
              ? fmt(l.value, l.currency)
              : l.value,
          l.period ?? "—",
          when(l.ends_at),
        ])}
      />
      {may("setPlayerLimit") && (
        <form className="bo-inline-form" aria-label={t.players.setLimit} onSubmit={setLimit}>
          <label>
            {t.players.limitType}
            <select name="type" defaultValue="bet">
              {limitTypeSchema.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.players.limitValue}
            <input name="value" inputMode="numeric" />
          </label>
          <label>
            {t.players.limitPeriod}
            <select name="period" defaultValue="">
              <option value="">{t.players.noPeriod}</option>
              {limitPeriodSchema.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t.players.reason}
            <input name="reason" placeholder={t.players.reasonHint} />
          </label>
          <button type="submit">{t.players.setLimit}</button>
        </form>
      )}

      <h2>{t.players.bets}</h2>
      <label className="bo-inline-form">
        {t.players.betFilter}
        <select value={betFilter} onChange={(e) => setBetFilter(e.target.value)}>
          {BET_LIST_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t.players.betFilters[f]}
            </option>
          ))}
        </select>
      </label>
      <Table
        label={t.players.bets}
        numeric={[t.players.stake, t.players.odds, t.players.win]}
        head={[
          t.players.placed,
          t.players.ref,
          t.players.type,
          t.players.status,
          t.players.result,
          t.players.stake,
          t.players.odds,
          t.players.win,
        ]}
        rows={d.bets.map((b) => [
          when(b.created_at),
          b.ref,
          b.type,
          b.status,
          b.result,
          fmt(b.stake, b.currency),
          odds(b.odds),
          b.win_amount === null ? "—" : fmt(b.win_amount, b.currency),
        ])}
      />

      <h2>{t.players.transactions}</h2>
      <Table
        label={t.players.transactions}
        numeric={[t.players.amount, t.players.after]}
        head={[t.players.when, t.players.kind, t.players.amount, t.players.after, t.players.reference]}
        rows={d.transactions.map((x) => [
          when(x.created_at),
          x.kind,
          fmt(x.amount, x.currency),
          fmt(x.balance_after, x.currency),
          x.reference,
        ])}
      />

      <h2>{t.players.adjustments}</h2>
      <Table
        label={t.players.adjustments}
        numeric={[t.players.amount]}
        head={[
          t.players.when,
          t.players.amount,
          t.players.reason,
          t.players.status,
          t.players.requestedBy,
          t.players.decidedBy,
        ]}
        rows={d.adjustments.map((a) => [
          when(a.created_at),
          fmt(a.amount, a.currency),
          a.reason,
          a.status,
          a.requested_by,
          a.decided_by ?? "—",
        ])}
      />

      <h2>{t.players.sessions}</h2>
      <Table
        label={t.players.sessions}
        head={[t.players.started, t.players.lastSeen, t.players.ended, t.players.ip, t.players.device]}
        rows={d.sessions.map((s) => [
          when(s.created_at),
          when(s.last_seen_at),
          s.revoked ? t.players.yes : t.players.no,
          s.ip ?? "—",
          s.user_agent ?? "—",
        ])}
      />

      <h2>{t.players.bonuses}</h2>
      <Table
        label={t.players.bonuses}
        head={[t.players.name, t.players.type, t.players.placed, t.players.expires]}
        rows={d.bonuses.map((b) => [b.name, b.type, when(b.issued_at), when(b.expires_at)])}
      />

      <h2>{t.players.notes}</h2>
      {may("addPlayerNote") && (
        <form className="bo-inline-form" aria-label={t.players.addNote} onSubmit={addNote}>
          <label>
            {t.players.note}
            <textarea name="body" rows={2} cols={60} />
          </label>
          <button type="submit">{t.players.addNote}</button>
        </form>
      )}
      <Table
        label={t.players.notes}
        head={[t.players.when, t.players.by, t.players.note]}
        rows={d.notes.map((n) => [when(n.created_at), n.staff_email, n.body])}
      />
    </section>
  );
}
