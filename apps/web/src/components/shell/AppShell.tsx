import type { ReactNode } from "react";
import { blocksFor, type SiteSettings } from "../../lib/site-settings";
import { BlockList } from "../blocks/BlockList";
import { TicketPanel } from "../ticket/TicketPanel";
import { ShellUiProvider } from "./ShellUi";
import { SideMenu } from "./SideMenu";

/**
 * The page frame: every placement of SPEC §2 filled from the settings document. Which placements
 * show at which width is CSS (SPEC §9 breakpoints), so the server renders one markup for all devices.
 */
export function AppShell({
  locale,
  settings,
  children,
}: {
  locale: string;
  settings: SiteSettings;
  children: ReactNode;
}) {
  const ctx = { locale, settings };
  return (
    <ShellUiProvider>
      <div className="app">
        <header className="header" data-placement="header">
          <BlockList blocks={blocksFor(settings, "header")} ctx={ctx} />
        </header>
        <div className="columns">
          <aside className="sidebar sidebar-left" data-placement="leftSidebarDesktop">
            <BlockList blocks={blocksFor(settings, "leftSidebarDesktop")} ctx={ctx} />
          </aside>
          <main id="main" className="main" tabIndex={-1}>
            {children}
          </main>
          <aside className="sidebar sidebar-right" data-placement="rightSidebarDesktop">
            <TicketPanel placement="docked" />
            <BlockList blocks={blocksFor(settings, "rightSidebarDesktop")} ctx={ctx} />
          </aside>
        </div>
        <footer className="footer" data-placement="footer">
          <BlockList blocks={blocksFor(settings, "footer")} ctx={ctx} />
        </footer>
        <nav className="tabbar" data-placement="mobileTabBar" aria-label="tabs">
          <BlockList blocks={blocksFor(settings, "mobileTabBar")} ctx={ctx} />
        </nav>
        <TicketPanel placement="sheet" />
        <SideMenu>
          <BlockList blocks={blocksFor(settings, "mobileSideMenu")} ctx={ctx} />
        </SideMenu>
      </div>
    </ShellUiProvider>
  );
}
