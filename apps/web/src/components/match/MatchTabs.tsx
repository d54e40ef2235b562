"use client";
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import type { MatchTab } from "./match-tabs";

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
      <div className="tabs match-tabs" role="tablist" aria-label={label}>
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
