"use client";

import { STAFF_ROLES, type StaffRole, type StaffView } from "@sportsbook/contracts";
import { type FormEvent, useState } from "react";
import { boFetch } from "./api";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { useSortable } from "./sortable";
import { t } from "./strings";
import { useLoad } from "./use-load";

/** Every staff member; an admin invites, changes roles, disables, enables and unlocks. */
export function StaffPage() {
  const { data, error, reload } = useLoad<{ data: StaffView[] }>("/staff");
  const { rows, header } = useSortable(data?.data, {
    email: (m) => m.email,
    role: (m) => m.role,
    status: (m) => m.status,
    locked: (m) => Number(m.locked),
    since: (m) => m.created_at,
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const act = async (work: () => Promise<string | undefined>) => {
    setMessage(undefined);
    try {
      const text = await work();
      if (text) setMessage({ ok: true, text });
      reload();
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  const invite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void act(async () => {
      const answer = await boFetch<{ data: { invitation_url: string } }>("/staff", {
        method: "POST",
        body: { email: form.get("email"), role: form.get("role") },
      });
      return `${t.staff.invited} ${answer.data.invitation_url}`;
    });
  };
  const update = (id: number, body: { role?: StaffRole; status?: "active" | "disabled" }) =>
    void act(async () => {
      await boFetch(`/staff/${id}`, { method: "PATCH", body });
      return undefined;
    });
  return (
    <section>
      <h1>{t.staff.title}</h1>
      <form onSubmit={invite} className="bo-inline-form" aria-label={t.staff.invite}>
        <label>
          {t.staff.email}
          <input name="email" type="email" required />
        </label>
        <label>
          {t.staff.role}
          <select name="role" defaultValue="trader">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t.staff.send}</button>
      </form>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "bo-ok" : "bo-error"}>
          {message.text}
        </p>
      )}
      <Problem>{error}</Problem>
      <table className="bo-table">
        <thead>
          <tr>
            {header("email", t.staff.email)}
            {header("role", t.staff.role)}
            {header("status", t.staff.status)}
            {header("locked", t.staff.locked)}
            {header("since", t.staff.since)}
            <th>{t.staff.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows?.map((s) => (
            <tr key={s.id}>
              <td>{s.email}</td>
              <td>
                <select
                  aria-label={`${t.staff.changeRole} ${s.email}`}
                  value={s.role}
                  onChange={(e) => update(s.id, { role: e.target.value as StaffRole })}
                >
                  {STAFF_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t.roles[r]}
                    </option>
                  ))}
                </select>
              </td>
              <td>{s.status}</td>
              <td>{s.locked ? t.staff.yes : t.staff.no}</td>
              <td>{staffDateTime(s.created_at)}</td>
              <td>
                {s.status === "active" && (
                  <button type="button" onClick={() => update(s.id, { status: "disabled" })}>
                    {t.staff.disable}
                  </button>
                )}
                {(s.status === "disabled" || s.locked) && (
                  <button type="button" onClick={() => update(s.id, { status: "active" })}>
                    {s.locked ? t.staff.unlock : t.staff.enable}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
