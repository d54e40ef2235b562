"use client";
import type { bonusSchema } from "@sportsbook/contracts/http/bonuses";
import { ambTarget, boostedStake, formatMoney, money, readPlaceKey } from "@sportsbook/domain";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer } from "../../player/player-context";
import { useOpenAuthForm } from "../auth/AuthModalHost";
import { useClientConfig } from "../shell/ClientConfig";
import { BonusCardView } from "./BonusCardView";
import {
  activateBonus,
  bonusTerms,
  boostFreebet,
  markBonusesSeen,
  type Rating,
  tournamentRating,
} from "./bonus-api";
import { LootboxKeys } from "./LootboxKeys";
import styles from "./PromotionsList.module.css";

type Bonus = z.output<typeof bonusSchema>;

/** The promotions of one tab: each card with its state, and the detail and activation a player needs. */
export function PromotionsList({ bonuses }: { bonuses: Bonus[] }) {
  const { locale } = useClientConfig();
  const player = usePlayer();
  // SPEC §5: a bonus is marked seen only if not yet seen, once the player has been shown it.
  useEffect(() => {
    if (player.status !== "logged_in") return;
    const unseen = bonuses.filter((b) => b.issued && !b.issued.seen).map((b) => b.id);
    if (unseen.length > 0)
      markBonusesSeen(unseen, locale).catch((err: unknown) => reportFailure("marking bonuses seen", err));
  }, [bonuses, locale, player.status]);
  return (
    <ul className={styles.list}>
      {bonuses.map((b) => (
        <BonusCard key={b.id} bonus={b} />
      ))}
    </ul>
  );
}

function BonusCard({ bonus }: { bonus: Bonus }) {
  const t = useTranslations("pages.promotions");
  const format = useFormatter();
  const { locale } = useClientConfig();
  const player = usePlayer();
  const openAuth = useOpenAuthForm();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const account = player.accounts.find((a) => a.code === bonus.issued?.currency);
  const amount =
    bonus.issued?.amount && account
      ? formatMoney(money(bonus.issued.amount, account.code), account, locale)
      : null;
  const activate = async () => {
    setBusy(true);
    const r = await activateBonus(bonus.id, locale, t("refused"));
    setBusy(false);
    if (r.ok) router.refresh();
    else setRefusal(r.message);
  };
  const banner = bonus.banners[0];
  return (
    <BonusCardView
      id={bonus.id}
      type={bonus.type}
      typeLabel={t(`type.${bonus.type}`)}
      status={bonus.status}
      statusLabel={t(`status.${bonus.status}`)}
      name={bonus.name}
      description={bonus.description}
      validUntil={
        bonus.valid_to
          ? t("valid-until", { date: format.dateTime(new Date(bonus.valid_to), { dateStyle: "medium" }) })
          : undefined
      }
      banner={
        banner && {
          id: banner.id,
          url: banner.desktop.url,
          alt: banner.desktop.alt,
          mobileUrl: banner.mobile?.url,
          lazy: true,
        }
      }
      details={
        <>
          {amount ? (
            <p className={styles.amount} data-amount={bonus.issued?.amount}>
              {t("stake", { amount })}
            </p>
          ) : null}
          {bonus.issued && FARMING.includes(bonus.type) ? (
            <p data-points={bonus.issued.points} data-available-points={bonus.issued.available_points}>
              {typeof bonus.terms.target_points === "number"
                ? t("points-of", { points: bonus.issued.points, target: bonus.terms.target_points })
                : t("points", { points: bonus.issued.points })}
              {bonus.issued.available_points < bonus.issued.points
                ? ` · ${t("available-points", { points: bonus.issued.available_points })}`
                : ""}
            </p>
          ) : null}
          {bonus.type === "lootbox" ? (
            <LootboxKeys places={lootboxPlaces(bonus)} points={bonus.issued?.points ?? 0} />
          ) : null}
          {bonus.type === "freebet_amb" ? <AmbCard bonus={bonus} /> : null}
        </>
      }
      footer={
        <>
          {refusal ? <p role="alert">{refusal}</p> : null}
          <div className={styles.actions}>
            <BonusDetail bonus={bonus} />
            <BoostButton bonus={bonus} amount={bonus.issued?.amount ?? null} onRefusal={setRefusal} />
            {bonus.status === "available" && bonus.issued && bonus.type !== "freebet_amb" ? (
              <button
                type="button"
                className="btn btn-primary"
                data-action="activate"
                disabled={busy}
                onClick={activate}
              >
                {t("activate")}
              </button>
            ) : null}
            {player.status === "not_logged_in" &&
            !bonus.promo_code_required &&
            bonus.status === "not_available" ? (
              <button type="button" className="btn" data-action="sign-in" onClick={() => openAuth("sign_in")}>
                {t("sign-in")}
              </button>
            ) : null}
          </div>
        </>
      }
    />
  );
}

const FARMING: readonly Bonus["type"][] = ["hunting", "tournament", "lootbox"];

/** A lootbox's places as its terms define them, with the keys the player opened. */
function lootboxPlaces(bonus: Bonus): { points: number; key: string | null }[] {
  const places = Array.isArray(bonus.terms.places) ? (bonus.terms.places as { points: number }[]) : [];
  const opened = bonus.issued?.place_keys ?? [];
  return places.map((p, i) => ({
    points: p.points,
    key: opened.find((k) => readPlaceKey(k)?.index === i) ?? null,
  }));
}

/** A freebet amb's bar on its card: the bets counted of those its last milestone needs. */
function AmbCard({ bonus }: { bonus: Bonus }) {
  const t = useTranslations("pages.promotions");
  const ranges = Array.isArray(bonus.terms.ranges)
    ? (bonus.terms.ranges as { number_of_bets: number; number_of_freebets: number }[])
    : [];
  const target = ambTarget(
    ranges.map((r) => ({ numberOfBets: r.number_of_bets, numberOfFreebets: r.number_of_freebets })),
  );
  const count = Math.min(bonus.issued?.points ?? 0, target);
  return (
    <label className={styles.ambProgress} data-amb-progress={count}>
      {t("bets-of", { count, target })}
      <progress max={target} value={count} />
    </label>
  );
}

/**
 * SPEC §7 boost: a freebet whose terms carry boost data, not yet boosted or used, can be multiplied
 * once with points of the hunting or lootbox they name.
 */
function BoostButton({
  bonus,
  amount,
  onRefusal,
}: {
  bonus: Bonus;
  amount: number | null;
  onRefusal(message: string): void;
}) {
  const t = useTranslations("pages.promotions");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const boost = bonus.terms.boost as { points: number; multiplier: number } | undefined;
  if (!boost || !bonus.issued || amount === null) return null;
  if (bonus.issued.boosted) return <span data-boosted>{t("boosted")}</span>;
  if (bonus.status !== "available" && bonus.status !== "active") return null;
  const account = player.accounts.find((a) => a.code === bonus.issued?.currency);
  const boosted = account
    ? formatMoney(money(boostedStake(amount, boost.multiplier), account.code), account, locale)
    : "";
  const run = async () => {
    setBusy(true);
    const r = await boostFreebet(bonus.id, locale, t("refused"));
    setBusy(false);
    if (r.ok) router.refresh();
    else onRefusal(r.message);
  };
  return (
    <button type="button" className="btn" data-action="boost" disabled={busy} onClick={run}>
      {t("boost", { amount: boosted, points: boost.points })}
    </button>
  );
}

/** The bonus detail modal (SPEC §2): its description and, read when opened, its terms. */
function BonusDetail({ bonus }: { bonus: Bonus }) {
  const t = useTranslations("pages.promotions");
  const { locale } = useClientConfig();
  const dialog = useRef<HTMLDialogElement>(null);
  const [rules, setRules] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = () => {
    dialog.current?.showModal();
    setOpened(true);
    if (rules !== undefined) return;
    bonusTerms(bonus.type, bonus.id, locale)
      .then(setRules)
      .catch((err: unknown) => {
        reportFailure("reading a bonus's terms", err);
        setFailed(true);
      });
  };
  const titleId = `bonus-${bonus.id}-title`;
  return (
    <>
      <button type="button" className="btn" data-action="details" onClick={open}>
        {t("details")}
      </button>
      <dialog ref={dialog} className="modal" data-modal="bonus-detail" aria-labelledby={titleId}>
        <form method="dialog" className="modal-body">
          <h2 id={titleId}>{bonus.name}</h2>
          {bonus.description ? <p>{bonus.description}</p> : null}
          <h3>{t("terms")}</h3>
          <p data-terms>{failed ? t("terms-failed") : (rules ?? "…")}</p>
          {bonus.type === "tournament" && opened ? <TournamentRating id={bonus.id} /> : null}
          <div className="modal-actions">
            <button type="submit" className="btn">
              {t("close")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** A tournament's leaderboard (SPEC §3 leaderboard row), read when its detail opens. */
function TournamentRating({ id }: { id: number }) {
  const t = useTranslations("pages.promotions");
  const { locale } = useClientConfig();
  const [rating, setRating] = useState<Rating>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    tournamentRating(id, locale)
      .then(setRating)
      .catch((err: unknown) => {
        reportFailure("reading a tournament's rating", err);
        setFailed(true);
      });
  }, [id, locale]);
  if (failed) return <p>{t("rating-failed")}</p>;
  if (!rating) return <p>…</p>;
  const rows = rating.me ? [...rating.data, rating.me] : rating.data;
  return (
    <>
      <h3>{t("rating")}</h3>
      {rows.length === 0 ? (
        <p className="empty">{t("rating-empty")}</p>
      ) : (
        <ol data-rating={id}>
          {rows.map((r) => (
            <li key={r.position} data-position={r.position} data-current-user={r.current_user || undefined}>
              <span>{r.position}.</span> <span>{r.current_user ? t("you") : r.name}</span>{" "}
              <strong>{t("points", { points: r.farmed_amount })}</strong>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
