"use client";

import type { BackofficeOperation } from "@sportsbook/contracts";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { SignIn } from "./SignIn";
import { useStaffSession } from "./session";
import { t } from "./strings";

/** The pages of the back office and the operation each needs to be opened. */
export const PAGES: { href: string; label: string; needs?: BackofficeOperation }[] = [
  { href: "/backoffice", label: t.nav.home },
  { href: "/backoffice/trading", label: t.nav.trading, needs: "listTradingMatches" },
  { href: "/backoffice/staff", label: t.nav.staff, needs: "listStaff" },
  { href: "/backoffice/audit", label: t.nav.audit, needs: "listAudit" },
  { href: "/backoffice/settlement", label: t.settlement.nav, needs: "listSettlementMatches" },
  { href: "/backoffice/risk", label: t.risk.nav, needs: "listRiskProfiles" },
  { href: "/backoffice/players", label: t.nav.players, needs: "searchPlayers" },
  { href: "/backoffice/approvals", label: t.nav.approvals, needs: "listAdjustments" },
  { href: "/backoffice/payments", label: t.nav.payments, needs: "lookupPayments" },
  { href: "/backoffice/liabilities", label: t.liabilities.nav, needs: "listLiabilities" },
  { href: "/backoffice/feed", label: t.feed.nav, needs: "feedHealth" },
  { href: "/backoffice/limits", label: t.limits.nav, needs: "listTradingLimits" },
  { href: "/backoffice/reports", label: t.reports.nav, needs: "bettingReport" },
  { href: "/backoffice/ticker", label: t.ticker.nav, needs: "betTicker" },
  { href: "/backoffice/promotions", label: t.promotions.nav, needs: "listPromotions" },
  { href: "/backoffice/content", label: t.content.nav, needs: "listContent" },
];

/**
 * The back office's frame: sign-in until a staff session exists, then the pages the member's role
 * opens; a page it does not open says so instead of rendering.
 */
export function Shell({ children, needs }: { children: ReactNode; needs?: BackofficeOperation }) {
  const { session, signOut, may } = useStaffSession();
  const pathname = usePathname();
  if (session.state === "loading") return <p className="bo-loading">{t.loading}</p>;
  if (session.state === "signed-out") return <SignIn />;
  const { staff } = session.me;
  return (
    <div className="bo-shell">
      <header className="bo-header">
        <strong>{t.product}</strong>
        <nav aria-label={t.product}>
          {PAGES.filter((p) => !p.needs || may(p.needs)).map((p) => (
            <Link key={p.href} href={p.href} aria-current={pathname === p.href ? "page" : undefined}>
              {p.label}
            </Link>
          ))}
        </nav>
        <span className="bo-who">
          {staff.email} · {t.roles[staff.role]}
        </span>
        <button type="button" onClick={() => void signOut()}>
          {t.signIn.signOut}
        </button>
      </header>
      <main className="bo-main">
        {needs && !may(needs) ? (
          <p role="alert" className="bo-error">
            {t.forbidden}
          </p>
        ) : (
          children
        )}
      </main>
    </div>
  );
}
