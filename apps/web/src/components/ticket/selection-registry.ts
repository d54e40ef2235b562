/**
 * Which outcomes are on the slip, observable per outcome so a price cell re-renders only when its own
 * selected state changes. It is all a catalogue page holds of the slip until the slip code loads.
 */
export class SelectionRegistry {
  private ids: ReadonlySet<string> = new Set();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly countListeners = new Set<() => void>();

  has = (id: string): boolean => this.ids.has(id);
  count = (): number => this.ids.size;

  /** Replaces the selected ids, notifying the cells whose state changed and the counters. */
  set(next: readonly string[]): void {
    const before = this.ids;
    const after = new Set(next);
    if (before.size === after.size && [...after].every((id) => before.has(id))) return;
    this.ids = after;
    for (const id of new Set([...before, ...after])) {
      if (before.has(id) !== after.has(id)) for (const l of this.listeners.get(id) ?? []) l();
    }
    for (const l of this.countListeners) l();
  }

  subscribe(id: string, listener: () => void): () => void {
    let set = this.listeners.get(id);
    if (!set) {
      set = new Set();
      this.listeners.set(id, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  subscribeCount = (listener: () => void): (() => void) => {
    this.countListeners.add(listener);
    return () => this.countListeners.delete(listener);
  };
}
