import type { StoredTicketBet, TicketBet } from "@sportsbook/domain";
import { z } from "zod";
import { TICKET_STORAGE_KEY } from "./ticket-keys";

const odds = z.number().int().positive();
const selection = z.object({
  id: z.string().max(300),
  matchId: z.string().max(40),
  matchStatus: z.number().int(),
  marketId: z.string().max(20),
  specifier: z.string().max(500),
  outcomeId: z.string().max(200),
  odds,
  acceptedOdds: odds,
  initialOdds: odds,
  provider: z.string().max(40),
  active: z.boolean(),
  isSuspended: z.boolean(),
  isChanged: z.boolean(),
  isNotAvailable: z.boolean(),
  marketClosed: z.boolean().optional(),
  matchUrnId: z.string().max(100).optional(),
  matchSlug: z.string().max(300).optional(),
  marketName: z.string().max(300).optional(),
  outcomeName: z.string().max(300).optional(),
  sportKey: z.string().max(60).optional(),
  nameA: z.string().max(200).optional(),
  nameB: z.string().max(200).optional(),
  categoryName: z.string().max(200).optional(),
  marketGroup: z.string().max(100).optional(),
  type: z.string().max(40).optional(),
});
const bonus = z
  .object({ bonusId: z.string(), bonusType: z.string(), freebetStake: z.number().int().optional() })
  .passthrough();
const storedBet = z.object({
  betType: z.enum(["single", "combo", "system", "custom_bet"]),
  selections: z.array(selection).min(1).max(40),
  stake: z.number().int().nonnegative(),
  currency: z.string().max(10),
  stakeSource: z.enum(["stake", "potentialWin", "sharing"]),
  potentialWin: z.number().int().nonnegative().optional(),
  systemType: z
    .object({ winCount: z.number().int().positive(), totalCount: z.number().int().positive() })
    .optional(),
  customOdds: odds.optional(),
  // Older snapshots kept one freebet object, newer a list: both are read (SPEC §4 persistence).
  availableBonuses: z.union([z.array(bonus), bonus, z.null()]).optional(),
  freebetStake: z.number().int().nonnegative(),
});
const snapshot = z.object({ bets: z.array(storedBet).max(40) });

/** The saved bets: none, unreadable ("invalid": reported, then dropped), or the bets. */
export function readStoredBets(
  storage: Pick<Storage, "getItem" | "removeItem"> | null,
): StoredTicketBet[] | "invalid" | null {
  const raw = storage?.getItem(TICKET_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = snapshot.safeParse(JSON.parse(raw));
    if (parsed.success && parsed.data.bets.length > 0)
      return parsed.data.bets as unknown as StoredTicketBet[];
    if (parsed.success) return null;
  } catch {
    // Not JSON: treated as unreadable below.
  }
  storage?.removeItem(TICKET_STORAGE_KEY);
  return "invalid";
}

/** Saves the bets after every change; an empty slip leaves nothing behind. */
export function writeStoredBets(
  storage: Pick<Storage, "setItem" | "removeItem"> | null,
  bets: readonly TicketBet[],
  report: (reason: string) => void,
): void {
  if (!storage) return;
  try {
    if (bets.length === 0) storage.removeItem(TICKET_STORAGE_KEY);
    else storage.setItem(TICKET_STORAGE_KEY, JSON.stringify({ bets }));
  } catch (e) {
    // A full or blocked storage loses the slip on reload only; betting goes on.
    report(`saving the slip failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
