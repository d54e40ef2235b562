"use client";

import type { AuditEntry } from "@sportsbook/contracts";
import { type FormEvent, useState } from "react";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { t } from "./strings";
import { useLoad } from "./use-load";

const FILTERS = ["staff", "action", "target_type", "target_id"] as const;
const LABELS: Record<(typeof FILTERS)[number], string> = {
  staff: t.audit.staff,
  action: t.audit.action,
  target_type: t.audit.targetType,
  target_id: t.audit.targetId,
};

const json = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/** The staff audit log, newest first: filters, pages, and the same filters exported as CSV. */
export function AuditPage() {
  const [query, setQuery] = useState(new URLSearchParams({ limit: "50" }));
  const page = Number(query.get("page") ?? "1");
  const { data, error } = useLoad<{ data: AuditEntry[]; pagination: { last_page: number; total: number } }>(
    `/audit?${query}`,
  );
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams({ limit: "50" });
    for (const f of FILTERS) {
      const v = String(form.get(f) ?? "").trim();
      if (v) next.set(f, v);
    }
    setQuery(next);
  };
  const goTo = (n: number) => {
    const next = new URLSearchParams(query);
    next.set("page", String(n));
    setQuery(next);
  };
  const exportQuery = new URLSearchParams(query);
  exportQuery.delete("page");
  exportQuery.delete("limit");
  return (
    <section>
      <h1>{t.audit.title}</h1>
      <form onSubmit={search} className="bo-inline-form" aria-label={t.audit.search}>
        {FILTERS.map((f) => (
          <label key={f}>
            {LABELS[f]}
            <input name={f} defaultValue={query.get(f) ?? ""} />
          </label>
        ))}
        <button type="submit">{t.audit.search}</button>
        <a className="bo-button" href={`/api/backoffice/audit.csv?${exportQuery}`} download>
          {t.audit.export}
        </a>
      </form>
      <Problem>{error}</Problem>
      <table className="bo-table">
        <thead>
          <tr>
            <th>{t.audit.at}</th>
            <th>{t.audit.staff}</th>
            <th>{t.audit.ip}</th>
            <th>{t.audit.action}</th>
            <th>{t.audit.target}</th>
            <th>{t.audit.change}</th>
          </tr>
        </thead>
        <tbody>
          {data?.data.map((e) => (
            <tr key={e.id}>
              <td>{staffDateTime(e.at)}</td>
              <td>{e.staff_email}</td>
              <td>{e.ip}</td>
              <td>{e.action}</td>
              <td>
                {e.target_type} {e.target_id}
              </td>
              <td className="bo-change">
                {json(e.before)} → {json(e.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 && <p>{t.audit.empty}</p>}
      {data && (
        <p className="bo-pager">
          <button type="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t.audit.previous}
          </button>
          {t.audit.page} {page} / {data.pagination.last_page}
          <button type="button" disabled={page >= data.pagination.last_page} onClick={() => goTo(page + 1)}>
            {t.audit.next}
          </button>
        </p>
      )}
    </section>
  );
}
