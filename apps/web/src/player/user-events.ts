import type { RealtimeEvent } from "@sportsbook/contracts/realtime";

type Listener = (event: RealtimeEvent) => void;

/**
 * Events of the player's private channel, handed to whichever part of the page cares (the header
 * balance, the slip, My bets, notifications), so the page holds one subscription.
 */
export class UserEvents {
  private readonly listeners = new Set<Listener>();
  private readonly rereaders = new Set<() => void>();

  emit = (event: RealtimeEvent): void => {
    for (const l of this.listeners) l(event);
  };

  /**
   * The channel may have carried events this page never saw (published before the subscription
   * took, or lost with a history that could not be recovered): whoever keeps state from them reads
   * it again.
   */
  missed = (): void => {
    for (const r of this.rereaders) r();
  };

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onMissed(reread: () => void): () => void {
    this.rereaders.add(reread);
    return () => this.rereaders.delete(reread);
  }
}
