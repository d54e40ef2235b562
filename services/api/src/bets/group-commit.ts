/**
 * How a group commit writes its items: several at once in one transaction, or one alone.
 *
 * `together` answers one outcome per item, in order, and only once the transaction committed; an
 * item's refusal is one of those outcomes and must leave nothing of that item written (the others
 * stand). When it throws, `rolledBack` says whether the database refused the transaction as a whole
 * — nothing of it was written, so each item may be tried alone — or whether its fate is unknown (a
 * connection lost around the commit), in which case no item may be tried again or answered as
 * written.
 */
export interface GroupWrite<I, O> {
  together(items: readonly I[]): Promise<O[]>;
  alone(item: I): Promise<O>;
  rolledBack(error: unknown): boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of one lane: an item submitted while nothing is in flight is written at once and
 * alone; items submitted while a write is in flight wait for it and are then written together, in
 * the order they came, in one transaction (one commit, one round trip) of at most `maxGroup`. Each
 * submitter is answered with its own item's outcome, only after the transaction that wrote it
 * committed. One transaction is in flight per lane at a time, so items that must see each other's
 * effects (one player's bets) keep their order when they share a lane.
 *
 * When a group's transaction is refused as a whole, each of its items is written again alone, in
 * order, and answered with what that write answers: exactly what it would have been answered had it
 * come alone. When its fate is unknown, every item of the group is answered with the error.
 */
export class GroupCommit<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = false;

  constructor(
    private readonly write: GroupWrite<I, O>,
    private readonly maxGroup = 32,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.inFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, this.maxGroup));
    } finally {
      this.inFlight = false;
    }
  }

  private async commit(group: Waiting<I, O>[]): Promise<void> {
    const [only] = group;
    if (only && group.length === 1) return this.alone(only);
    let outcomes: O[];
    try {
      outcomes = await this.write.together(group.map((w) => w.item));
      if (outcomes.length !== group.length)
        throw new Error("a group write answered the wrong number of outcomes");
    } catch (error) {
      if (this.write.rolledBack(error)) for (const waiting of group) await this.alone(waiting);
      else for (const waiting of group) waiting.reject(error);
      return;
    }
    for (const [i, waiting] of group.entries()) waiting.resolve(outcomes[i] as O);
  }

  private async alone(waiting: Waiting<I, O>): Promise<void> {
    try {
      waiting.resolve(await this.write.alone(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }
}

/**
 * Group commits spread over a few lanes, each with its own transaction in flight: an item's lane
 * is chosen by its key (`laneOf`), so items of one key always share a lane and keep their order.
 */
export class GroupLanes<I, O> {
  private readonly lanes: GroupCommit<I, O>[];

  constructor(
    write: GroupWrite<I, O>,
    lanes: number,
    private readonly laneOf: (item: I, lanes: number) => number,
    maxGroup?: number,
  ) {
    this.lanes = Array.from({ length: Math.max(1, lanes) }, () => new GroupCommit(write, maxGroup));
  }

  submit(item: I): Promise<O> {
    const lane = this.lanes[this.laneOf(item, this.lanes.length) % this.lanes.length] as GroupCommit<I, O>;
    return lane.submit(item);
  }
}
