import type { RealtimeEvent } from "@sportsbook/contracts/realtime";

type Listener = (event: RealtimeEvent) => void;

/**
 * Events of the player's private channel, handed to whichever part of the page cares (the header
 * balance, the slip, My bets, notifications), so the page holds one subscription.
 */
export class UserEvents {
  private readonly listeners = new Set<Listener>();

  emit = (event: RealtimeEvent): void => {
    for (const l of this.listeners) l(event);
  };

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
