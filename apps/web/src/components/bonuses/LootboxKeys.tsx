"use client";
import { LOOTBOX_PLACES, readPlaceKey } from "@sportsbook/domain";
import { useTranslations } from "next-intl";
import styles from "./LootboxKeys.module.css";

/** A lootbox's places (SPEC §3 place keys): each locked until its points, then won or lost. */
export function LootboxKeys({
  places,
  points,
}: {
  places: readonly { points: number; key: string | null }[];
  points: number;
}) {
  const t = useTranslations("bonus.lootbox");
  const next = places.find((p) => p.key === null);
  return (
    <div data-lootbox-points={points}>
      <ol className={styles.placeKeys}>
        {places.map((p, i) => {
          const opened = p.key === null ? undefined : readPlaceKey(p.key);
          const state = opened === undefined ? "locked" : opened.won ? "win" : "lose";
          return (
            <li key={LOOTBOX_PLACES[i]} data-place={LOOTBOX_PLACES[i]} data-key-state={state}>
              {t(`place.${LOOTBOX_PLACES[i] ?? "1st"}`)} · {t(`state.${state}`, { points: p.points })}
            </li>
          );
        })}
      </ol>
      <p className={styles.next}>
        {next ? t("next", { points: Math.max(0, next.points - points) }) : t("all-open")}
      </p>
    </div>
  );
}
