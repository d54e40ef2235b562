"use client";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import styles from "./MatchTabs.module.css";
import { BET_BUILDER_HASH, type MatchTab } from "./match-tabs";

/**
 * The match page's tabs (WAI-ARIA tabs: arrow keys move between them). Every panel is drawn on the
 * server and kept in the page, so switching is instant and a live scoreboard keeps its state.
 */
export function MatchTabs({
  tabs,
  panels,
  label,
}: {
  tabs: { id: MatchTab; label: string }[];
  panels: Partial<Record<MatchTab, ReactNode>>;
  label: string;
}) {
  const [current, setCurrent] = useState<MatchTab>(tabs[0]?.id ?? "markets");
  const base = useId();
  // SPEC §2: #betBuilder leads to the bet builder, on arrival and when a link sets it later.
  useEffect(() => {
    const follow = () => {
      if (window.location.hash === BET_BUILDER_HASH && tabs.some((t) => t.id === "betbuilder"))
        setCurrent("betbuilder");
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [tabs]);
  if (tabs.length < 2) return <>{panels[current]}</>;
  const move = (e: KeyboardEvent, at: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (!next) return;
    setCurrent(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };
  return (
    <>
      <div className={`tabs ${styles.tabs}`} role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            data-tab={tab.id}
            aria-selected={current === tab.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={current === tab.id ? 0 : -1}
            onClick={() => setCurrent(tab.id)}
            onKeyDown={(e) => move(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`${base}-panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`${base}-tab-${tab.id}`}
          data-panel={tab.id}
          hidden={current !== tab.id}
        >
          {panels[tab.id]}
        </div>
      ))}
    </>
  );
}
