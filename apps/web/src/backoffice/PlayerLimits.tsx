"use client";

import {
  LIMIT_KIND,
  type LimitType,
  limitPeriodSchema,
  limitTypeSchema,
  type PlayerDetail,
} from "@sportsbook/contracts";
import { parseAmount } from "@sportsbook/domain";
import type { FormEvent } from "react";
import { PlayerTable } from "./PlayerTable";
import { moneyOf, type PlayerActions, playerCurrency, when } from "./player-detail";
import { useStaffSession } from "./session";
import { t } from "./strings";

/** Sets one of the player's limits, a money one typed like the adjustment, time in seconds. */
function LimitForm({ detail, actions }: { detail: PlayerDetail; actions: PlayerActions }) {
  const setLimit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const type = String(form.get("type")) as LimitType;
    const text = String(form.get("value") ?? "").trim();
    const period = String(form.get("period") ?? "");
    // a money limit is typed in the player's currency like the adjustment (12.50), time in seconds
    let value: number | undefined;
    if (text && LIMIT_KIND[type].startsWith("money")) {
      const parsed = parseAmount(text, playerCurrency(detail), { min: 1 });
      if (!parsed.ok) return actions.fail(`${t.players.limitValue}: ${parsed.error.message}`);
      value = parsed.value.amount;
    } else if (text) value = Number(text);
    void actions.post(
      "/limits",
      {
        type,
        ...(value !== undefined ? { value } : {}),
        ...(period ? { period } : {}),
        reason: String(form.get("reason") ?? ""),
      },
      t.players.limitSet,
    );
  };
  return (
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
        <input name="value" inputMode="decimal" />
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
  );
}

/** The player's limits, and the form that sets one when the member's role opens it. */
export function PlayerLimits({ detail, actions }: { detail: PlayerDetail; actions: PlayerActions }) {
  const { may } = useStaffSession();
  const fmt = moneyOf(detail);
  return (
    <>
      <h2>{t.players.limits}</h2>
      <PlayerTable
        label={t.players.limits}
        head={[
          t.players.limitType,
          t.players.status,
          t.players.limitValue,
          t.players.limitPeriod,
          t.players.expires,
        ]}
        rows={detail.limits.map((l) => [
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
      {may("setPlayerLimit") && <LimitForm detail={detail} actions={actions} />}
    </>
  );
}
