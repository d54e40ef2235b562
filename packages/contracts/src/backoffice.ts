import { z } from "zod";
import { idSchema, instantSchema, text } from "./http/common.js";
import { emailSchema, linkTokenSchema, passwordSchema } from "./identity.js";

/**
 * Wire schemas of the operator's back office (`/api/backoffice/…`) and the one table saying which
 * staff role may call which operation.
 */

/** The roles of the operator's staff; `auditor` reads and changes nothing, `marketing` runs promotions and the site's content. */
export const STAFF_ROLES = ["admin", "trader", "support", "finance", "auditor", "marketing"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

export const STAFF_STATUSES = ["invited", "active", "disabled"] as const;
const everyone = STAFF_ROLES;
const readers = ["admin", "trader", "auditor"] as const satisfies readonly StaffRole[];
const traders = ["admin", "trader"] as const satisfies readonly StaffRole[];

/**
 * Every signed-in back-office operation and the roles allowed to call it. Each route names its
 * operation; a route without one is refused at start-up, and a test walks every operation with every role.
 */
export const BACKOFFICE_OPERATIONS = {
  me: everyone,
  signOut: everyone,
  listStaff: ["admin"],
  inviteStaff: ["admin"],
  updateStaff: ["admin"],
  listAudit: ["admin", "auditor"],
  exportAudit: ["admin", "auditor"],
  listTradingMatches: readers,
  tradingMatch: readers,
  suspend: traders,
  lift: traders,
  listSettlementMatches: readers,
  settlementMatch: readers,
  settleMarket: traders,
  listSettlementConflicts: readers,
  decideSettlementConflict: traders,
  listRiskProfiles: readers,
  setRiskProfile: traders,
  searchPlayers: ["admin", "support", "finance", "auditor"],
  viewPlayer: ["admin", "support", "finance", "auditor"],
  setPlayerStatus: ["admin", "support"],
  forcePasswordReset: ["admin", "support"],
  setPlayerLimit: ["admin", "support"],
  addPlayerNote: ["admin", "support", "finance"],
  requestAdjustment: ["admin", "support", "finance"],
  listAdjustments: ["admin", "finance", "auditor"],
  decideAdjustment: ["admin", "finance"],
  listWithdrawals: ["admin", "finance", "auditor"],
  reviewWithdrawal: ["admin", "finance"],
  lookupPayments: ["admin", "support", "finance", "auditor"],
  listLiabilities: readers,
  matchLiabilities: readers,
  feedHealth: readers,
  listTradingLimits: readers,
  setMarketKindLimit: traders,
  setLiveBetDelay: traders,
  bettingReport: ["admin", "finance", "auditor"],
  exportBettingReport: ["admin", "finance", "auditor"],
  moneyReport: ["admin", "finance", "auditor"],
  exportMoneyReport: ["admin", "finance", "auditor"],
  betTicker: readers,
  listPromotions: ["admin", "marketing", "auditor"],
  savePromotion: ["admin", "marketing"],
  endPromotion: ["admin", "marketing"],
  listContent: ["admin", "marketing", "auditor"],
  saveContentDraft: ["admin", "marketing"],
  previewContent: ["admin", "marketing"],
  publishContent: ["admin", "marketing"],
} as const satisfies Record<string, readonly StaffRole[]>;
export type BackofficeOperation = keyof typeof BACKOFFICE_OPERATIONS;

/** Whether a role may call an operation. */
export function mayCall(role: StaffRole, operation: BackofficeOperation): boolean {
  return (BACKOFFICE_OPERATIONS[operation] as readonly StaffRole[]).includes(role);
}

/** A six-digit RFC 6238 code from an authenticator app. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "must be six digits");

/** `POST /backoffice/session`: every factor at once, so a wrong one never tells which. */
export const staffSignInSchema = z.object({
  email: emailSchema,
  password: text().min(1).max(128),
  code: totpCodeSchema,
});

export const staffViewSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  locked: z.boolean(),
  created_at: instantSchema,
});
export type StaffView = z.infer<typeof staffViewSchema>;

/** `GET /backoffice/me` and the sign-in answer: who, the CSRF token and the operations open to them. */
export const staffMeSchema = z.object({
  data: z.object({
    staff: staffViewSchema,
    csrf_token: z.string(),
    operations: z.array(z.string()),
  }),
});

export const staffListSchema = z.object({ data: z.array(staffViewSchema) });

/** `POST /backoffice/staff`: invite someone by e-mail with a role. */
export const staffInviteSchema = z.object({ email: emailSchema, role: staffRoleSchema });
export const staffInvitedSchema = z.object({
  data: z.object({ staff: staffViewSchema, invitation_url: z.string() }),
});

/** `PATCH /backoffice/staff/{id}`: a new role, disabling (which ends every session) or enabling and unlocking. */
export const staffUpdateSchema = z
  .object({ role: staffRoleSchema.optional(), status: z.enum(["active", "disabled"]).optional() })
  .refine((b) => b.role !== undefined || b.status !== undefined, "give a role or a status");

/** `GET /backoffice/invitations/{token}`: who is invited and the TOTP secret to enrol. */
export const invitationViewSchema = z.object({
  data: z.object({ email: z.string(), role: staffRoleSchema, otpauth_uri: z.string() }),
});
export const invitationTokenParamsSchema = z.object({ token: linkTokenSchema });

/** `POST /backoffice/invitations/accept`: a password and a first code prove the enrolment. */
export const invitationAcceptSchema = z.object({
  token: linkTokenSchema,
  password: passwordSchema,
  code: totpCodeSchema,
});

/** `GET /backoffice/audit` filters. */
export const auditQuerySchema = z.object({
  staff: text().max(254).optional(),
  action: text().max(100).optional(),
  target_type: text().max(50).optional(),
  target_id: text().max(100).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: instantSchema,
  staff_id: z.number().int().nullable(),
  staff_email: z.string(),
  ip: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  data: z.array(auditEntrySchema),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    last_page: z.number().int(),
  }),
});

export const SUSPENSION_SCOPES = ["match", "market", "outcome"] as const;
/** `POST /backoffice/trading/suspensions`: hold a match, a market or one outcome until lifted. */
export const suspendSchema = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("match"), match_id: idSchema, reason: text().trim().min(3).max(500) }),
  z.object({
    scope: z.literal("market"),
    match_id: idSchema,
    market_row_id: idSchema,
    reason: text().trim().min(3).max(500),
  }),
  z.object({
    scope: z.literal("outcome"),
    match_id: idSchema,
    market_row_id: idSchema,
    outcome_id: text().min(1).max(100),
    reason: text().trim().min(3).max(500),
  }),
]);

export const suspensionViewSchema = z.object({
  id: z.number().int(),
  scope: z.enum(SUSPENSION_SCOPES),
  match_id: z.number().int(),
  market_row_id: z.number().int().nullable(),
  outcome_id: z.string().nullable(),
  reason: z.string(),
  staff_email: z.string(),
  created_at: instantSchema,
});
export type SuspensionView = z.infer<typeof suspensionViewSchema>;

export const idParamsSchema = z.object({ id: idSchema });

/** `GET /backoffice/trading/matches` filters. */
export const tradingMatchesQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  status: z.enum(["prematch", "live", "all"]).default("all"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const tradingMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sport: z.string(),
  tournament: z.string(),
  start_time: instantSchema,
  status: z.number().int(),
  markets: z.number().int(),
  held: z.boolean(),
});

export const tradingMatchesSchema = z.object({ data: z.array(tradingMatchSchema) });

export const tradingMarketSchema = z.object({
  id: z.number().int(),
  market_id: z.number().int(),
  specifier: z.string(),
  name: z.string(),
  status: z.number().int(),
  feed_status: z.number().int().nullable(),
  outcomes: z.array(
    z.object({ id: z.string(), name: z.string(), odds: z.number().int(), active: z.boolean() }),
  ),
});

export const tradingMatchDetailSchema = z.object({
  data: z.object({
    match: tradingMatchSchema,
    markets: z.array(tradingMarketSchema),
    suspensions: z.array(suspensionViewSchema),
  }),
});

export const suspensionAnswerSchema = z.object({ data: suspensionViewSchema });
