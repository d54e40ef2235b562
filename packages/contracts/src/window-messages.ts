import { ODDS_FORMATS } from "@sportsbook/domain";
import * as z from "zod/mini";

// SPEC §7 window messages between the sportsbook (in a frame) and its host platform. Each is an
// object `{ type, payload }`; SPEC names the types and leaves the payloads open, which are these.
// Written with zod's tree-shakable "mini" build: the host SDK bundles these schemas into a script an
// operator's page loads, where the full build would weigh twenty times as much.

/** A path inside the app (no origin, no scheme): where a host may send its frame. */
export const appPathSchema = z
  .string()
  .check(z.maxLength(2000), z.regex(/^\/(?![/\\])/, "an app path starting with /"));

const pixels = (max: number) => z.number().check(z.int(), z.minimum(0), z.maximum(max));
const localeSchema = z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/));
const currencySchema = z.string().check(z.regex(/^[A-Z0-9]{2,10}$/));
/** The account actions a host platform may take over (SPEC §5, `iframe_integration`). */
export const HOST_ACTIONS = ["sign-in", "sign-up", "deposit"] as const;
export type HostAction = (typeof HOST_ACTIONS)[number];
export const SLIP_TABS = ["BET_SLIP", "MY_BETS"] as const;

/** Messages the host platform sends into the sportsbook's frame. */
export const hostMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("odds_changed"), payload: z.object({ format: z.enum(ODDS_FORMATS) }) }),
  /** Navigate inside the frame to an app path (no origin, no scheme). */
  z.object({ type: z.literal("page_changed"), payload: z.object({ path: appPathSchema }) }),
  z.object({ type: z.literal("search_modal"), payload: z.object({ open: z.boolean() }) }),
  z.object({
    type: z.literal("open_bet_slip"),
    payload: z._default(z.object({ tab: z._default(z.enum(SLIP_TABS), "BET_SLIP") }), { tab: "BET_SLIP" }),
  }),
  /** The part of the frame the host's window shows: its size, and how far the frame is scrolled past. */
  z.object({
    type: z.literal("viewport"),
    payload: z.object({
      width: pixels(100_000),
      height: pixels(100_000),
      top: z._default(pixels(1_000_000), 0),
    }),
  }),
  /** The host listens for sign-in, sign-up and deposit and handles them itself. */
  z.object({
    type: z.literal("iframe_integration"),
    payload: z.object({ listeners: z.array(z.enum(HOST_ACTIONS)).check(z.maxLength(3)) }),
  }),
  z.object({
    type: z.literal("apply_bet_code"),
    payload: z.object({ code: z.string().check(z.regex(/^[A-Z0-9]{4,32}$/)) }),
  }),
  z.object({ type: z.literal("change_locale"), payload: z.object({ locale: localeSchema }) }),
  z.object({ type: z.literal("change_currency"), payload: z.object({ currency: currencySchema }) }),
]);
export type HostMessage = z.output<typeof hostMessageSchema>;
/** What a host may write for each type (defaults not yet applied). */
export type HostMessageInput = z.input<typeof hostMessageSchema>;

const empty = z.object({});
const minor = z.number().check(z.int());

/** Why the frame's session ended: it expired or was revoked, or a responsible-gambling limit ended it. */
export const SESSION_END_REASONS = ["expired", "session_limit", "activity_limit"] as const;

/**
 * Messages the sportsbook sends to its host platform. Every one carries `source: "sportsbook"`, so a
 * host tells them from other messages its window receives.
 */
export const frameMessageSchema = z.discriminatedUnion("type", [
  z.object({ source: z.literal("sportsbook"), type: z.literal("sign-in"), payload: empty }),
  z.object({ source: z.literal("sportsbook"), type: z.literal("sign-up"), payload: empty }),
  z.object({ source: z.literal("sportsbook"), type: z.literal("deposit"), payload: empty }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("page-loaded"),
    payload: z.object({ path: appPathSchema }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("page-size-changed"),
    payload: z.object({ width: pixels(100_000), height: pixels(1_000_000) }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("balance-changed"),
    payload: z.object({ currency: currencySchema, balance: minor }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("bet-slip-state-changed"),
    payload: z.object({ selections: pixels(1000) }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("top-event-clicked"),
    payload: z.object({ matchId: z.number().check(z.int(), z.positive()) }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("notify-modal-triggered"),
    payload: z.object({ modal: z.string().check(z.maxLength(64)) }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("initialized"),
    payload: z.object({ locale: localeSchema }),
  }),
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("notify-currency-changed"),
    payload: z.object({ currency: currencySchema }),
  }),
  /**
   * The player's session in the frame ended (it expired, was revoked, or a limit ended it): the host,
   * which owns the player's sign-in, may hand a new session over or sign its player out.
   */
  z.object({
    source: z.literal("sportsbook"),
    type: z.literal("session-ended"),
    payload: z.object({ reason: z.enum(SESSION_END_REASONS) }),
  }),
]);
export type FrameMessage = z.output<typeof frameMessageSchema>;
export type FrameMessageType = FrameMessage["type"];
/** The payload of each message the sportsbook sends, by type. */
export type FrameMessagePayloads = { [T in FrameMessageType]: Extract<FrameMessage, { type: T }>["payload"] };

/** Builds a message to the host; the source tag lets a host tell the sportsbook's messages apart. */
export function frameMessage<T extends FrameMessageType>(
  type: T,
  payload: FrameMessagePayloads[T],
): { source: "sportsbook"; type: T; payload: FrameMessagePayloads[T] } {
  return { source: "sportsbook", type, payload };
}
