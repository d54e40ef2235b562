export { type Api, createApi } from "./app.js";
export { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from "./auth/session.js";
export {
  DEMO_ADMIN_EMAIL,
  type DemoAdmin,
  ensureDemoAdmin,
  inviteFirstAdmin,
} from "./backoffice/demo-admin.js";
export { STAFF_COOKIE } from "./backoffice/session.js";
export { totpCode } from "./backoffice/totp.js";
export { seedBonuses } from "./bonuses/definitions.js";
export { sandboxBroadcastPages } from "./catalogue/sandbox-broadcast.js";
export type { ApiConfig, FeedFreshnessPort, FeedReport } from "./config.js";
export { DEMO_EMAIL } from "./config.js";
export { seedSiteSettings } from "./content/settings-file.js";
export type { AppContext } from "./context.js";
export type { GameLaunch, GameProvider } from "./games/provider.js";
export { createSandboxGames, SANDBOX_LAUNCH_TTL_S } from "./games/sandbox-games.js";
export { databaseErrorOf } from "./http/database-errors.js";
export { type DemoPlayer, type DemoPlayerOptions, ensureDemoPlayer } from "./identity/demo-player.js";
export {
  createHousekeeping,
  type Housekeeping,
  type HousekeepingOptions,
  type PruneReport,
  pruneHousekeeping,
} from "./identity/housekeeping.js";
export type { IdentityOptions } from "./identity/settings.js";
export { mailDispatcher } from "./mail/dispatcher.js";
export { expireDeposits } from "./payments/deposits.js";
export { type CheckoutProvider, DEFAULT_CHECKOUT_TTL_SECONDS } from "./payments/provider.js";
export {
  type CallbackDelivery,
  createSandboxCheckout,
  type SandboxCheckout,
} from "./payments/sandbox-checkout.js";
export { signCallback } from "./payments/signature.js";
export { createPlayer, createPlayerWithSession, demoPlayer } from "./player/provisioning.js";
export { type EndpointRule, endpointProblem, isPublicAddress } from "./push/endpoint-rule.js";
export { PUSHED, pushingPublisher, pushOf } from "./push/publisher.js";
export {
  createPushSender,
  type PushMessage,
  type PushSender,
  type PushSettings,
  type VapidKeys,
} from "./push/sender.js";
export type { PushRequest, PushTransport } from "./push/transport.js";
