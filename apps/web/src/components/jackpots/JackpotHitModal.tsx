"use client";
import { JACKPOT_HIT_REACTION_DELAY_MS, JACKPOT_HITS_REFETCH_MS } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { reportError, reportFailure } from "../../lib/error-reporter";
import { useUserEvents } from "../../player/player-context";
import { useClientConfig } from "../shell/ClientConfig";
import { fetchJackpotHits, type JackpotHitView, markJackpotHitsSeen } from "./jackpot-api";
import { jackpotMoney } from "./jackpot-money";

/**
 * The jackpot hit modal (SPEC §2): the signed-in player's hits not yet seen, read every 60 s and
 * whenever their balance changes (a hit pays at once), each shown 1 s after it is found and marked
 * seen when closed.
 */
export function JackpotHitModal() {
  const t = useTranslations("jackpots");
  const { locale } = useClientConfig();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [hit, setHit] = useState<JackpotHitView | null>(null);
  const shown = useRef(new Set<number>());
  const check = useRef<() => void>(() => undefined);
  check.current = () => {
    fetchJackpotHits({ for_user: true, unseen: true }, locale)
      .then((hits) => {
        const next = hits.find((h) => !shown.current.has(h.id));
        if (!next) return;
        shown.current.add(next.id);
        setTimeout(() => setHit((open) => open ?? next), JACKPOT_HIT_REACTION_DELAY_MS);
      })
      .catch((err: unknown) => {
        reportFailure("reading the jackpot hits", err);
        reportError(err, "jackpot");
      });
  };
  useEffect(() => {
    check.current();
    const timer = setInterval(() => check.current(), JACKPOT_HITS_REFETCH_MS);
    return () => clearInterval(timer);
  }, []);
  useUserEvents((event) => {
    if (event.type === "balance_changed") check.current();
  });
  useEffect(() => {
    if (hit && !dialog.current?.open) dialog.current?.showModal();
  }, [hit]);
  const close = () => {
    if (!hit) return;
    markJackpotHitsSeen([hit.id], locale).catch((err: unknown) =>
      reportFailure("marking a jackpot hit seen", err),
    );
    setHit(null);
    // another unseen hit is shown after this one
    check.current();
  };
  if (!hit) return null;
  return (
    <dialog ref={dialog} className="modal" data-modal="jackpot-hit" aria-labelledby={titleId} onClose={close}>
      <form method="dialog" className="modal-body">
        <h2 id={titleId}>{t("hit.title")}</h2>
        <p data-amount={hit.amount}>
          {t("hit.body", { amount: jackpotMoney(hit.amount, hit, locale), level: hit.level.name })}
        </p>
        <button type="submit" className="btn btn-primary">
          {t("hit.close")}
        </button>
      </form>
    </dialog>
  );
}
