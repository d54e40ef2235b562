import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { StaffSessionProvider } from "../../backoffice/session";
import { t } from "../../backoffice/strings";
import "./backoffice.css";

export const metadata: Metadata = {
  title: t.product,
  robots: { index: false, follow: false },
};

/** The back office's own shell: no locale, no player providers, never indexed. */
export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  // Rendered per request, so Next.js puts this response's CSP nonce on its scripts.
  await headers();
  return (
    <html lang="en">
      <body className="bo-body">
        <StaffSessionProvider>{children}</StaffSessionProvider>
      </body>
    </html>
  );
}
