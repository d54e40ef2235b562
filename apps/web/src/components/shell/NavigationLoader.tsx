"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import styles from "./NavigationLoader.module.css";

/** SPEC §9: the loader shows only when a navigation takes longer than 200 ms. */
const LOADER_DELAY_MS = 200;

export function NavigationLoader() {
  const t = useTranslations("catalog");
  const pathname = usePathname();
  const search = useSearchParams();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A completed navigation (new path or query) hides the loader.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path and query are the triggers.
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setVisible(false);
  }, [pathname, search]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]");
      if (!(a instanceof HTMLAnchorElement) || a.target || a.origin !== location.origin) return;
      if (a.pathname === location.pathname && a.search === location.search) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  return visible ? (
    <div className={styles.loader} role="status" aria-label={t("loading")}>
      <span />
    </div>
  ) : null;
}
