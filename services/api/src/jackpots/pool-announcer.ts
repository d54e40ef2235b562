/**
 * Tells each jackpot's pool at most once per interval: every bet in a jackpot's currency moves its
 * pool, and each move went to every public channel. The first change goes at once; changes within
 * the interval after it are gathered and the latest goes when the interval ends, so a page always
 * ends on the current pool.
 */
export class PoolAnnouncer<E> {
  private readonly lastSentAt = new Map<number, number>();
  private readonly waiting = new Map<number, E>();

  constructor(
    private readonly send: (event: E) => Promise<void>,
    private readonly intervalMs = 1_000,
    private readonly clock: { now(): number } = Date,
  ) {}

  async announce(jackpotId: number, event: E): Promise<void> {
    const since = this.clock.now() - (this.lastSentAt.get(jackpotId) ?? Number.NEGATIVE_INFINITY);
    if (since >= this.intervalMs && !this.waiting.has(jackpotId)) {
      this.lastSentAt.set(jackpotId, this.clock.now());
      await this.send(event);
      return;
    }
    const scheduled = this.waiting.has(jackpotId);
    this.waiting.set(jackpotId, event);
    if (scheduled) return;
    const timer = setTimeout(() => this.flush(jackpotId), Math.max(0, this.intervalMs - since));
    // a pending pool never keeps the process alive
    timer.unref?.();
  }

  private flush(jackpotId: number): void {
    const event = this.waiting.get(jackpotId);
    this.waiting.delete(jackpotId);
    if (event === undefined) return;
    this.lastSentAt.set(jackpotId, this.clock.now());
    // send reports its own failures (publishAfterCommit counts them); nothing is left to handle here
    void this.send(event);
  }
}
