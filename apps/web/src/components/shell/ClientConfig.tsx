"use client";
import type { OddsFormat } from "@sportsbook/domain";
import { createContext, type ReactNode, useContext } from "react";
import type { LocaleUrlConfig } from "../../lib/locale-url";
import type { RealtimeSettings } from "../../lib/realtime-transports";
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
  /** SPEC §6 quick_deposit flag: the slip's quick deposit. */
  quickDeposit: boolean;
  /** SPEC §6 responsible_gambling flag: the menus' ways to the limits page. */
  responsibleGambling: boolean;
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
  /** SPEC §3 odds_types.available: the formats the switcher offers; without it, every format. */
  oddsFormats?: readonly OddsFormat[];
  /** SPEC §5 realtime transports of the site settings; without them, the gateway on this origin. */
  realtime?: RealtimeSettings;
  /** SPEC §8: the DSN errors also go to, and their environment. */
  errorReporting?: { dsn?: string | undefined; environment?: string | undefined };
  /** SPEC §3 isMyBetsVisible of the site settings: the side panel's My bets tab. */
  myBetsVisible?: boolean;
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
