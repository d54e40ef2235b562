import { ODDS_FORMATS } from "@sportsbook/domain";
import { z } from "zod";

// SPEC §7 window messages between the sportsbook (in a frame) and its host platform. Each is an
// object `{ type, payload }`; SPEC names the types and leaves the payloads open, which are these.

/** A path inside the app (no origin, no scheme): where a host may send its frame. */
export const appPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, "an app path starting with /");

/** Messages the host platform sends into the sportsbook's frame. */
export const hostMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("odds_changed"), payload: z.object({ format: z.enum(ODDS_FORMATS) }) }),
  /** Navigate inside the frame to an app path (no origin, no scheme). */
  z.object({
    type: z.literal("page_changed"),
    payload: z.object({ path: appPathSchema }),
  }),
  z.object({ type: z.literal("search_modal"), payload: z.object({ open: z.boolean() }) }),
  z.object({
    type: z.literal("open_bet_slip"),
    payload: z
      .object({ tab: z.enum(["BET_SLIP", "MY_BETS"]).default("BET_SLIP") })
      .default({ tab: "BET_SLIP" }),
  }),
  /** The part of the frame the host's window shows: its size, and how far the frame is scrolled past. */
  z.object({
    type: z.literal("viewport"),
    payload: z.object({
      width: z.number().int().min(0).max(100_000),
      height: z.number().int().min(0).max(100_000),
      top: z.number().int().min(0).max(1_000_000).default(0),
    }),
  }),
  /** The host listens for sign-in, sign-up and deposit and handles them itself. */
  z.object({
    type: z.literal("iframe_integration"),
    payload: z.object({ listeners: z.array(z.enum(["sign-in", "sign-up", "deposit"])).max(3) }),
  }),
  z.object({
    type: z.literal("apply_bet_code"),
    payload: z.object({ code: z.string().regex(/^[A-Z0-9]{4,32}$/) }),
  }),
  z.object({
    type: z.literal("change_locale"),
    payload: z.object({ locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/) }),
  }),
  z.object({
    type: z.literal("change_currency"),
    payload: z.object({ currency: z.string().regex(/^[A-Z0-9]{2,10}$/) }),
  }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;
export type HostMessageType = HostMessage["type"];

/** Messages the sportsbook sends to its host platform, by type. */
export interface FrameMessagePayloads {
  "sign-in": Record<string, never>;
  "sign-up": Record<string, never>;
  deposit: Record<string, never>;
  "page-loaded": { path: string };
  "page-size-changed": { width: number; height: number };
  "balance-changed": { currency: string; balance: number };
  "bet-slip-state-changed": { selections: number };
  "top-event-clicked": { matchId: number };
  "notify-modal-triggered": { modal: string };
  initialized: { locale: string };
  "notify-currency-changed": { currency: string };
}
export type FrameMessageType = keyof FrameMessagePayloads;
export type FrameMessage = {
  [T in FrameMessageType]: { type: T; payload: FrameMessagePayloads[T] };
}[FrameMessageType];

/** Builds a message to the host; the source tag lets a host tell the sportsbook's messages apart. */
export function frameMessage<T extends FrameMessageType>(
  type: T,
  payload: FrameMessagePayloads[T],
): { source: "sportsbook"; type: T; payload: FrameMessagePayloads[T] } {
  return { source: "sportsbook", type, payload };
}
