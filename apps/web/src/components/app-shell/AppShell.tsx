import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { blocksFor, type SiteSettings } from "../../lib/site-settings";
import { BlockList } from "../blocks/BlockList";
import { AreaBoundary } from "../shell/AreaBoundary";
import { ShellUiProvider } from "../shell/ShellUi";
import { SideMenu } from "../shell/SideMenu";
import { TicketPanel } from "../ticket/TicketPanel";
import styles from "./AppShell.module.css";

/**
 * The page frame: every placement of SPEC §2 filled from the settings document. Which placements
 * show at which width is CSS (SPEC §9 breakpoints), so the server renders one markup for all devices.
 */
export async function AppShell({
  locale,
  settings,
  children,
}: {
  locale: string;
  settings: SiteSettings;
  children: ReactNode;
}) {
  const ctx = { locale, settings };
  const t = await getTranslations({ locale, namespace: "nav" });
  return (
    <ShellUiProvider>
      <div className="app">
        <header className={styles.header} data-placement="header">
          <AreaBoundary area="header">
            <BlockList blocks={blocksFor(settings, "header")} ctx={ctx} />
          </AreaBoundary>
        </header>
        <div className="columns">
          <aside
            className="sidebar sidebar-left"
            data-placement="leftSidebarDesktop"
            aria-label={t("sidebar-left")}
          >
            <AreaBoundary area="left-sidebar">
              <BlockList blocks={blocksFor(settings, "leftSidebarDesktop")} ctx={ctx} />
            </AreaBoundary>
          </aside>
          <main id="main" className="main" tabIndex={-1}>
            <AreaBoundary area="main">{children}</AreaBoundary>
          </main>
          <aside
            className="sidebar sidebar-right"
            data-placement="rightSidebarDesktop"
            aria-label={t("sidebar-right")}
          >
            <AreaBoundary area="bet-slip">
              <TicketPanel placement="docked" />
            </AreaBoundary>
            <AreaBoundary area="right-sidebar">
              <BlockList blocks={blocksFor(settings, "rightSidebarDesktop")} ctx={ctx} />
            </AreaBoundary>
          </aside>
        </div>
        <footer className={styles.footer} data-placement="footer">
          <AreaBoundary area="footer">
            <BlockList blocks={blocksFor(settings, "footer")} ctx={ctx} />
          </AreaBoundary>
        </footer>
        <nav className={styles.tabbar} data-placement="mobileTabBar" aria-label={t("tab-bar")}>
          <AreaBoundary area="tab-bar">
            <BlockList blocks={blocksFor(settings, "mobileTabBar")} ctx={ctx} />
          </AreaBoundary>
        </nav>
        <AreaBoundary area="bet-slip-sheet">
          <TicketPanel placement="sheet" />
        </AreaBoundary>
        <SideMenu>
          <AreaBoundary area="side-menu">
            <BlockList blocks={blocksFor(settings, "mobileSideMenu")} ctx={ctx} />
          </AreaBoundary>
        </SideMenu>
      </div>
    </ShellUiProvider>
  );
}
