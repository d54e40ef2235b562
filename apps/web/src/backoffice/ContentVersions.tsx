"use client";

import type { SiteContentVersion } from "@sportsbook/contracts";
import { staffDateTime } from "./money";
import { useStaffSession } from "./session";
import { t } from "./strings";

/** Every version of the site settings: which one the pages show, and opening or rolling back to one. */
export function ContentVersions({
  versions,
  open,
  rollBack,
}: {
  versions: SiteContentVersion[];
  open: (id: number) => void;
  rollBack: (id: number) => void;
}) {
  const { may } = useStaffSession();
  return (
    <table className="bo-table" aria-label={t.content.versions}>
      <thead>
        <tr>
          <th>{t.content.version}</th>
          <th>{t.content.status}</th>
          <th>{t.content.note}</th>
          <th>{t.content.by}</th>
          <th>{t.content.created}</th>
          <th>{t.content.published}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.id} data-version={v.id} data-status={v.status} aria-current={v.current || undefined}>
            <td>
              {v.id} {v.current && <strong className="bo-flag">{t.content.current}</strong>}
            </td>
            <td>{t.content.statuses[v.status]}</td>
            <td>{v.note}</td>
            <td>{v.created_by ?? t.content.fromFile}</td>
            <td>{staffDateTime(v.created_at)}</td>
            <td>{v.published_at ? staffDateTime(v.published_at) : "—"}</td>
            <td className="bo-actions">
              <button type="button" onClick={() => open(v.id)}>
                {t.content.open}
              </button>
              {may("publishContent") && v.status === "published" && !v.current && (
                <button type="button" onClick={() => rollBack(v.id)}>
                  {t.content.rollBack}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
