import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import "../globals.css";

export const metadata: Metadata = { robots: { index: false, follow: false } };
export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** The floor's own root: the player pages' stylesheet and document, none of their providers. */
export default async function BenchFloorLayout({ children }: { children: ReactNode }) {
  // Rendered per request like the player pages, so the comparison includes the same server work.
  await headers();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
