"use client";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useShellUi } from "./ShellUi";
import styles from "./SideMenu.module.css";

/** The mobile side menu placement: a drawer opened by the menu or "Sports menu" buttons. */
export function SideMenu({ children }: { children: ReactNode }) {
  const { sideMenuOpen, setSideMenuOpen } = useShellUi();
  const t = useTranslations("nav");
  return (
    <div
      className={styles.sideMenu}
      data-placement="mobileSideMenu"
      data-open={sideMenuOpen}
      hidden={!sideMenuOpen}
    >
      <button
        type="button"
        className={styles.backdrop}
        aria-label={t("close")}
        onClick={() => setSideMenuOpen(false)}
      />
      <div className={styles.panel} role="dialog" aria-label={t("menu")}>
        <button type="button" className="btn" onClick={() => setSideMenuOpen(false)}>
          {t("close")}
        </button>
        {children}
      </div>
    </div>
  );
}
