import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerLimitRoutes } from "../limits/routes.js";
import { registerMailboxRoutes } from "../mail/routes.js";
import { registerDeviceSessionRoutes } from "./device-sessions.js";
import { registerHandoverRoutes } from "./handover-routes.js";
import { registerProfileRoutes } from "./profile-routes.js";
import { registerIdentityRoutes } from "./routes.js";

/** Every account route: sign-up and sign-in, the host platform's session handover, recovery, phone and profile, signed-in devices, limits, the development mailbox. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerIdentityRoutes(app, ctx);
  registerHandoverRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerDeviceSessionRoutes(app, ctx);
  registerLimitRoutes(app, ctx);
  registerMailboxRoutes(app, ctx);
}

export type { SmsGateway } from "../mail/sms.js";
export { authFieldsMissed, phoneVerificationRequired, recordTrackedTags } from "./profile.js";
export type { IdentityOptions } from "./settings.js";
