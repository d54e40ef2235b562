"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { localizeHref, splitLocale } from "../../lib/locale-url";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./SearchBox.module.css";
import { SEARCH_MAX, SEARCH_MIN } from "./search-limits";
import type { Suggestion } from "./search-suggest";

/** Suggestions wait for a pause in typing rather than following every key. */
const SUGGEST_DEBOUNCE_MS = 250;

/**
 * The search field with suggestions while typing (ARIA combobox: arrows move through the list, Enter
 * opens the chosen match or the results page, Escape closes the list). The suggestion code loads on
 * the first query long enough to send. On the results page it holds the query searched, so the
 * player can refine it.
 */
export function SearchBox() {
  const t = useTranslations("catalog");
  const config = useClientConfig();
  const router = useRouter();
  const listId = useId();
  const params = useSearchParams();
  const searched = splitLocale(usePathname(), config).rest === "/search" ? (params.get("q") ?? "") : "";
  const [q, setQ] = useState(searched);
  useEffect(() => setQ(searched), [searched]);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const lastFailure = useRef<unknown>(null);
  const field = useRef<HTMLInputElement>(null);
  // Typed while the page's code was still on its way, the text is in the field but reached no
  // handler: hydration keeps it (the server's value stays the default) and the next render would
  // wipe it. Taken as the query once the box runs, it is searched as if typed now.
  useEffect(() => {
    const el = field.current;
    if (!el || el.value === el.defaultValue) return;
    setQ(el.value);
    setOpen(document.activeElement === el);
  }, []);
  const query = q.trim();
  const valid = query.length >= SEARCH_MIN && query.length <= SEARCH_MAX;

  // Asked for only while the field is in use: a results page's query is not worth suggestions.
  useEffect(() => {
    if (!valid || !open) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = window.setTimeout(() => {
      import("./search-suggest")
        .then(({ fetchSuggestions }) => fetchSuggestions(query, config, abort.signal))
        .then((found) => {
          setItems(found);
          setActive(-1);
        })
        .catch((e: unknown) => {
          if (abort.signal.aborted) return;
          // Suggestions are a convenience: the results page still answers; the failure is reported once.
          if (lastFailure.current === null) reportFailure("search suggestions", e);
          lastFailure.current = e;
          setItems([]);
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      abort.abort();
    };
  }, [query, valid, open, config]);

  const expanded = open && valid && items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const go = (href: string) => {
    setOpen(false);
    router.push(href);
  };
  return (
    <form
      className={styles.search}
      aria-label={t("search")}
      onSubmit={(e) => {
        e.preventDefault();
        const chosen = expanded ? items[active] : undefined;
        if (chosen) go(chosen.href);
        else if (valid)
          go(`${localizeHref("/search", config.locale, config)}?q=${encodeURIComponent(query)}`);
      }}
    >
      <input
        ref={field}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={q}
        minLength={SEARCH_MIN}
        maxLength={SEARCH_MAX}
        placeholder={t("search-placeholder")}
        aria-label={t("search")}
        title={t("search-hint")}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
          else if (e.key === "ArrowDown" && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % items.length);
          } else if (e.key === "ArrowUp" && items.length > 0) {
            e.preventDefault();
            setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t("search-suggestions")}
        className={styles.suggestions}
        hidden={!expanded}
      >
        {items.map((s, i) => (
          <div
            key={s.id}
            tabIndex={-1}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Chosen on mouse down, before the field's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(s.href);
            }}
          >
            <span>{s.label}</span>
            <span className={styles.detail}>{s.detail}</span>
          </div>
        ))}
      </div>
    </form>
  );
}
