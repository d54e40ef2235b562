"use client";
import { createContext, type ReactNode, useContext } from "react";
import type { LocaleUrlConfig } from "../../lib/locale-url";
import "../../lib/zod-without-eval";

/** The part of the site settings client components need. */
export interface ClientConfig extends LocaleUrlConfig {
  locale: string;
  cookieConsent: boolean;
  isMobileApp: boolean;
  isLighthouse: boolean;
  /** SPEC §6 activity_tracking flag of the site settings. */
  activityTracking: boolean;
  /** SPEC §6 amb progress bar flag. */
  ambProgressBar: boolean;
  depositReminder: { show: boolean; playerGroupId: string | null; remindAfterSeconds: number };
  signUpReminderSeconds: number;
  /** SPEC §5: the host platform's origins, the only ones that may frame and message the site. */
  platform: {
    origins: string[];
    firstPartyOrigin?: string | undefined;
    accounts: "sportsbook" | "host";
    /** The platform's deposit page (the iframe deposit modal) and assets page (SPEC §2). */
    depositPage?: string | undefined;
    assetsPage?: string | undefined;
  };
  /** The visitor holds a session cookie (a player); the API still decides whether it is valid. */
  signedIn: boolean;
}

const Ctx = createContext<ClientConfig | null>(null);

export function ClientConfigProvider({ value, children }: { value: ClientConfig; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useClientConfig(): ClientConfig {
  const c = useContext(Ctx);
  if (!c) throw new Error("useClientConfig outside ClientConfigProvider");
  return c;
}
