"use client";

import type { PromotionSummary, promotionListSchema } from "@sportsbook/contracts";
import { localText } from "@sportsbook/domain";
import Link from "next/link";
import { useState } from "react";
import type { z } from "zod";
import { boFetch } from "./api";
import { staffDateTime } from "./money";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { useSortable } from "./sortable";
import { t } from "./strings";
import { useLoad } from "./use-load";

type List = z.infer<typeof promotionListSchema>;
type Type = "bonus" | "jackpot";

const PATH: Record<Type, string> = { bonus: "bonuses", jackpot: "jackpots" };

/** One list of the desk (bonuses or jackpots), sortable, each row opening its form. */
function PromotionTable({
  type,
  rows,
  changed,
}: {
  type: Type;
  rows: PromotionSummary[];
  changed: (message: string | undefined, problem?: string) => void;
}) {
  const { may } = useStaffSession();
  const { rows: sorted, header } = useSortable(rows, {
    key: (p) => p.key,
    name: (p) => localText(p.name, "en"),
    kind: (p) => p.kind,
    phase: (p) => p.phase,
    code: (p) => p.promo_code ?? "",
    from: (p) => p.valid_from ?? "",
    to: (p) => p.valid_to ?? "9999",
    updated: (p) => p.updated_at,
  });
  const end = (p: PromotionSummary) => {
    if (!window.confirm(t.promotions.confirmEnd)) return;
    boFetch(`/promotions/${PATH[type]}/${p.key}/end`, { method: "POST" }).then(
      () => changed(`${t.promotions.ended}: ${p.key}`),
      (e: unknown) => changed(undefined, e instanceof Error ? e.message : String(e)),
    );
  };
  if (rows.length === 0) return <p>{t.promotions.none}</p>;
  return (
    <table className="bo-table" data-promotions={type}>
      <thead>
        <tr>
          {header("key", t.promotions.key)}
          {header("name", t.promotions.name)}
          {header("kind", t.promotions.kind)}
          {header("phase", t.promotions.phase)}
          {type === "bonus" && header("code", t.promotions.promoCode)}
          {/* shown in the browser's time zone, as every back-office time */}
          {header("from", t.promotions.from)}
          {header("to", t.promotions.to)}
          {header("updated", t.promotions.updated)}
          <th />
        </tr>
      </thead>
      <tbody>
        {sorted?.map((p) => (
          <tr key={p.key} data-key={p.key} data-phase={p.phase}>
            <td>
              <Link href={`/backoffice/promotions/${type}/${p.key}`}>{p.key}</Link>
            </td>
            <td>{localText(p.name, "en")}</td>
            <td>{t.promotions.types[p.kind] ?? p.kind}</td>
            <td>{t.promotions.phases[p.phase]}</td>
            {type === "bonus" && <td>{p.promo_code ?? ""}</td>}
            <td>{p.valid_from ? staffDateTime(p.valid_from) : "—"}</td>
            <td>{p.valid_to ? staffDateTime(p.valid_to) : "—"}</td>
            <td>{staffDateTime(p.updated_at)}</td>
            <td>
              {may("endPromotion") && (p.phase === "running" || p.phase === "upcoming") && (
                <button type="button" onClick={() => end(p)} aria-label={`${t.promotions.end} ${p.key}`}>
                  {t.promotions.end}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The promotions desk's start page: every bonus and jackpot, and the way to a new one. */
export function PromotionsPage() {
  const { data, error, reload } = useLoad<List>("/promotions");
  const { may } = useStaffSession();
  const [done, setDone] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const changed = (message: string | undefined, failure?: string) => {
    setDone(message);
    setProblem(failure);
    reload();
  };
  return (
    <section>
      <h1>{t.promotions.title}</h1>
      <p>{t.promotions.intro}</p>
      {may("savePromotion") && (
        <p className="bo-actions">
          <Link href="/backoffice/promotions/new/bonus">{t.promotions.newBonus}</Link>
          <Link href="/backoffice/promotions/new/jackpot">{t.promotions.newJackpot}</Link>
        </p>
      )}
      <Problem>{error ?? problem}</Problem>
      {done && <output className="bo-ok">{done}</output>}
      <h2>{t.promotions.bonuses}</h2>
      {data && <PromotionTable type="bonus" rows={data.data.bonuses} changed={changed} />}
      <h2>{t.promotions.jackpots}</h2>
      {data && <PromotionTable type="jackpot" rows={data.data.jackpots} changed={changed} />}
    </section>
  );
}
