"use client";

import type { StaffPayment } from "@sportsbook/contracts";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { boFetch } from "./api";
import { formatMinor, STAFF_LOCALE } from "./money";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

const STATUSES = ["requested", "approved", "paid", "declined", "cancelled"] as const;

const amountOf = (p: StaffPayment) =>
  formatMinor(p.amount, p.currency, [{ code: p.currency, subunits: p.subunits, fiat: true }]);

function PlayerLink({ p }: { p: StaffPayment }) {
  return <Link href={`/backoffice/players/${p.player_id}`}>{p.player_email ?? `#${p.player_id}`}</Link>;
}

/** The withdrawal review queue: approve (the provider pays out), reject with a reason, mark paid by hand. */
function WithdrawalQueue() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]>("requested");
  const { data, error, reload } = useLoad<{ data: StaffPayment[] }>(`/withdrawals?status=${status}`);
  const { may } = useStaffSession();
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const review = async (id: number, action: "approve" | "reject" | "mark_paid") => {
    setMessage(undefined);
    const reason = reasons[id]?.trim();
    try {
      await boFetch(`/withdrawals/${id}/review`, {
        method: "POST",
        // A rejection always sends its reason, so an empty one is refused with the rule it breaks.
        body: { action, ...(reason || action === "reject" ? { reason: reason ?? "" } : {}) },
      });
      setMessage({ ok: true, text: t.payments.done });
      reload();
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <>
      <h2>{t.payments.queue}</h2>
      <label className="bo-inline-form">
        {t.payments.status}
        <select value={status} onChange={(e) => setStatus(e.target.value as (typeof STATUSES)[number])}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.payments.statuses[s]}
            </option>
          ))}
        </select>
      </label>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "bo-ok" : "bo-error"}>
          {message.text}
        </p>
      )}
      <Problem>{error}</Problem>
      {data && data.data.length === 0 && <p>{t.payments.none}</p>}
      {data && data.data.length > 0 && (
        <table className="bo-table" aria-label={t.payments.queue}>
          <thead>
            <tr>
              <th>{t.payments.requested}</th>
              <th>{t.payments.player}</th>
              <th>{t.payments.amount}</th>
              <th>{t.payments.flags}</th>
              <th>{t.payments.reason}</th>
              <th>{t.staff.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((p) => (
              <tr key={p.id} data-payment={p.id}>
                <td>{new Date(p.created_at).toLocaleString(STAFF_LOCALE)}</td>
                <td>
                  <PlayerLink p={p} />
                </td>
                <td className="bo-num">{amountOf(p)}</td>
                <td>
                  {p.flags.map((f) => (
                    <span key={f} className="bo-flag">
                      {t.payments.flagNames[f]}
                    </span>
                  ))}
                </td>
                <td>
                  {may("reviewWithdrawal") && (p.status === "requested" || p.status === "approved") ? (
                    <input
                      aria-label={`${t.payments.reason} ${p.id}`}
                      placeholder={t.payments.reasonHint}
                      value={reasons[p.id] ?? ""}
                      onChange={(e) => setReasons({ ...reasons, [p.id]: e.target.value })}
                    />
                  ) : (
                    (p.reason ?? "—")
                  )}
                </td>
                <td>
                  {may("reviewWithdrawal") && p.status === "requested" && (
                    <button type="button" onClick={() => void review(p.id, "approve")}>
                      {t.payments.approve}
                    </button>
                  )}{" "}
                  {may("reviewWithdrawal") && p.status === "approved" && (
                    <button type="button" onClick={() => void review(p.id, "mark_paid")}>
                      {t.payments.markPaid}
                    </button>
                  )}{" "}
                  {may("reviewWithdrawal") && (p.status === "requested" || p.status === "approved") && (
                    <button type="button" className="bo-danger" onClick={() => void review(p.id, "reject")}>
                      {t.payments.reject}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Deposits and withdrawals found by player, payment id or the provider's reference. */
function PaymentLookup() {
  const [q, setQ] = useState<string | null>(null);
  const { data, error } = useLoad<{ data: StaffPayment[] }>(
    q === null ? null : `/payments?${new URLSearchParams({ q })}`,
  );
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get("q") ?? "").trim());
  };
  return (
    <>
      <h2>{t.payments.lookup}</h2>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.payments.lookup}>
        <label>
          {t.payments.lookup}
          <input name="q" type="search" placeholder={t.payments.lookupHint} />
        </label>
        <button type="submit">{t.payments.find}</button>
      </form>
      <Problem>{error}</Problem>
      {data && data.data.length === 0 && <p>{t.payments.noneFound}</p>}
      {data && data.data.length > 0 && (
        <table className="bo-table" aria-label={t.payments.lookup}>
          <thead>
            <tr>
              <th>{t.payments.id}</th>
              <th>{t.payments.requested}</th>
              <th>{t.payments.direction}</th>
              <th>{t.payments.player}</th>
              <th>{t.payments.amount}</th>
              <th>{t.payments.status}</th>
              <th>{t.payments.provider}</th>
              <th>{t.payments.reference}</th>
              <th>{t.payments.reason}</th>
              <th>{t.payments.flags}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((p) => (
              <tr key={p.id}>
                <td className="bo-num">{p.id}</td>
                <td>{new Date(p.created_at).toLocaleString(STAFF_LOCALE)}</td>
                <td>{t.payments.directions[p.direction]}</td>
                <td>
                  <PlayerLink p={p} />
                </td>
                <td className="bo-num">{amountOf(p)}</td>
                <td>{p.status}</td>
                <td>{p.provider}</td>
                <td>{p.external_ref ?? "—"}</td>
                <td>{p.reason ?? "—"}</td>
                <td>{p.flags.map((f) => t.payments.flagNames[f]).join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The payments desk: the withdrawal review queue for finance, and the payment look-up for everyone it opens to. */
export function PaymentsPage() {
  const { may } = useStaffSession();
  return (
    <section className="bo-player">
      <h1>{t.payments.title}</h1>
      {may("listWithdrawals") && <WithdrawalQueue />}
      <PaymentLookup />
    </section>
  );
}
