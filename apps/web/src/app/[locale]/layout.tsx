import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { Suspense } from "react";
import { AppShell } from "../../components/app-shell/AppShell";
import { AuthModalHost } from "../../components/auth/AuthModalHost";
import { BonusAlertsLazy } from "../../components/bonuses/BonusAlertsLazy";
import { FavoritesProvider } from "../../components/catalog/FavoritesContext";
import { JackpotHitLazy } from "../../components/jackpots/JackpotHitLazy";
import { SessionWatchLazy } from "../../components/limits/LimitsPages";
import { RequiredDialogsLazy } from "../../components/profile/ProfilePages";
import { RemindersLazy } from "../../components/reminders/RemindersLazy";
import { AlertsProvider } from "../../components/shell/Alerts";
import { AreaBoundary } from "../../components/shell/AreaBoundary";
import { ClientConfigProvider } from "../../components/shell/ClientConfig";
import { CookieConsent } from "../../components/shell/CookieConsent";
import { CONSENT_COOKIE, shouldShowConsent } from "../../components/shell/consent";
import { EarlyPresses } from "../../components/shell/EarlyPresses";
import { ErrorReporting } from "../../components/shell/ErrorReporting";
import { NavigationLoader } from "../../components/shell/NavigationLoader";
import { TicketProvider } from "../../components/ticket/TicketContext";
import { DepositDialogLazy, QuickDepositResultLazy } from "../../components/wallet/WalletPages";
import { FrameBridgeLazy } from "../../embed/FrameBridgeLazy";
import { UserGroupCheck } from "../../embed/UserGroupCheck";
import { loadMessages, MESSAGE_FORMATS } from "../../i18n/messages";
import { fetchBookSettings } from "../../lib/book-settings.server";
import { NONCE_HEADER } from "../../lib/content-security-policy";
import { directionOf } from "../../lib/locales";
import { pageMetadata } from "../../lib/metadata.server";
import { pageSettings } from "../../lib/request.server";
import { LiveProvider } from "../../live/LiveProvider";
import { LiveStoreProvider } from "../../live/LiveStoreContext";
import { OddsFormatProvider } from "../../odds/OddsFormatContext";
import { isOddsFormat, ODDS_COOKIE } from "../../odds/odds-preference";
import { PlayerProvider } from "../../player/PlayerProvider";
import { PlayerSettingsSync } from "../../player/PlayerSettingsSync";
import "../globals.css";
import styles from "./layout.module.css";

/** The API's session cookie (HttpOnly): its presence tells the header to offer sign-out. */
const SESSION_COOKIE = "sb_session";

// SPEC §2 asks for a viewport without user scaling; WCAG 1.4.4 (resize text) overrules it, so a
// player may zoom.
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
};

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  return pageMetadata({ locale, path: "/" });
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  const settings = await pageSettings();
  const messages = await loadMessages(locale);
  const jar = await cookies();
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  const oddsCookie = jar.get(ODDS_COOKIE)?.value;
  const book = await fetchBookSettings(locale);
  const oddsFormats = book.oddsTypes.available;
  const config = {
    locale,
    locales: settings.locales,
    localeInUrl: settings.localeInUrl,
    cookieConsent: settings.cookieConsent,
    isMobileApp: settings.isMobileApp,
    isLighthouse: settings.isLighthouse,
    activityTracking: settings.features.activityTracking,
    ambProgressBar: settings.features.ambProgressBar,
    quickDeposit: settings.features.quickDeposit,
    responsibleGambling: settings.features.responsibleGambling,
    depositReminder: {
      show: settings.depositReminder.showDepositReminder,
      playerGroupId: settings.depositReminder.playerGroupId,
      remindAfterSeconds: settings.depositReminder.remindAfter,
    },
    signUpReminderSeconds: settings.signUpReminderSeconds,
    platform: settings.platform,
    signedIn: jar.has(SESSION_COOKIE),
    oddsFormats,
    myBetsVisible: settings.isMyBetsVisible,
    realtime: settings.realtime,
    errorReporting: settings.errorReporting,
  };
  return (
    <html lang={locale} dir={directionOf(locale, settings.rtlEnabled)} data-theme={settings.theme}>
      <body>
        {/* The first stop of the keyboard, before the consent banner: straight to the page. */}
        <a className={styles.skipLink} href="#main">
          {messages.nav.skip}
        </a>
        {/* Before any price in the document, so that no tap on one is lost while the code loads. */}
        <EarlyPresses nonce={nonce} />
        <NextIntlClientProvider locale={locale} messages={messages} formats={MESSAGE_FORMATS}>
          <ClientConfigProvider value={config}>
            {/* First in the document: a first visit paints it with the first bytes of a long page. */}
            <CookieConsent
              {...(nonce ? { nonce } : {})}
              initiallyVisible={shouldShowConsent({
                ...config,
                enabled: config.cookieConsent,
                inFrame: false,
                stored: jar.get(CONSENT_COOKIE)?.value ?? null,
              })}
            />
            <AlertsProvider>
              <OddsFormatProvider
                initial={
                  isOddsFormat(oddsCookie) && oddsFormats.includes(oddsCookie)
                    ? oddsCookie
                    : book.oddsTypes.selected
                }
                available={oddsFormats}
              >
                <LiveStoreProvider>
                  <LiveProvider>
                    <PlayerProvider>
                      <AuthModalHost>
                        <FavoritesProvider>
                          <TicketProvider>
                            <AppShell locale={locale} settings={settings}>
                              {children}
                            </AppShell>
                            <AreaBoundary area="account">
                              <DepositDialogLazy />
                              <QuickDepositResultLazy />
                              <PlayerSettingsSync />
                              <SessionWatchLazy />
                              <BonusAlertsLazy />
                              <JackpotHitLazy enabled={settings.features.jackpots} />
                              <RequiredDialogsLazy />
                              {/* a native app has its own prompts: no reminders over it */}
                              {config.isMobileApp ? null : <RemindersLazy />}
                            </AreaBoundary>
                            <FrameBridgeLazy />
                            <ErrorReporting />
                            {settings.userGroup ? <UserGroupCheck group={settings.userGroup} /> : null}
                          </TicketProvider>
                        </FavoritesProvider>
                      </AuthModalHost>
                    </PlayerProvider>
                  </LiveProvider>
                </LiveStoreProvider>
              </OddsFormatProvider>
              <Suspense fallback={null}>
                <NavigationLoader />
              </Suspense>
            </AlertsProvider>
          </ClientConfigProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
