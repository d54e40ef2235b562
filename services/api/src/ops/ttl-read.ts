/**
 * A read kept for a few seconds: every placement asks for the operator's running definitions, which
 * change rarely (a change through this node is seen at once by `invalidate`, through another within
 * the TTL). A failed read is not kept: the next caller asks again.
 */
export class TtlRead<T> {
  private cached: { at: number; value: Promise<T> } | undefined;
  constructor(
    private readonly load: (now: Date) => PromiseLike<T>,
    private readonly ttlMs = 5_000,
  ) {}

  get(now: Date): Promise<T> {
    if (this.cached && now.getTime() - this.cached.at < this.ttlMs) return this.cached.value;
    // A query builder is a lazy thenable that runs its query again each time it is awaited: it is
    // awaited once here, and what is kept is the promise of its answer.
    const value = Promise.resolve(this.load(now));
    value.catch(() => {
      this.cached = undefined;
    });
    this.cached = { at: now.getTime(), value };
    return value;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
