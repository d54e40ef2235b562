"use client";
import { CustomBetTicket } from "./CustomBetTicket";
import { ShareNotFound } from "./ShareNotFound";
import type { SelectionRegistry } from "./selection-registry";
import type { TicketStore } from "./ticket-store";
import { useSlipEngine } from "./useSlipEngine";

/**
 * The slip's code, loaded once the slip is first used: its engine builds the store and keeps it in
 * step with the page; the modals it asks for are shown here.
 */
export default function TicketEngine({
  registry,
  onReady,
  shareCode,
}: {
  registry: SelectionRegistry;
  onReady(store: TicketStore): void;
  /** A shared slip's code from the page's link: its bets replace the saved ones (SPEC §4). */
  shareCode: string | null;
}) {
  const engine = useSlipEngine(registry, shareCode, onReady);
  if (!engine) return null;
  return (
    <>
      <ShareNotFound engine={engine} />
      <CustomBetTicket engine={engine} />
    </>
  );
}
