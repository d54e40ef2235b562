// Group commit: items handed in while a write is under way are written together by the next one, so
// the cost of a statement (round trip, planning, commit) is shared by everything that waited for it,
// and nothing waits when the database is idle. Items of one key (one match) are never in the same
// write nor in two writes at once, so each key's items are written in the order they came.

export interface GroupCommitOptions<I, O> {
  /** Writes several items at once, atomically; answers one result per item, in their order. */
  write: (items: I[]) => Promise<O[]>;
  key: (item: I) => string | number;
  /** Most items in one write. */
  max: number;
  /**
   * What an item costs the write (rows, say) and the most one write may carry; a write always takes
   * at least one item. A write's items all wait for it, so a bound on its size bounds their wait.
   */
  weight?: { of: (item: I) => number; max: number };
  /** Writes under way at once (default 1). */
  concurrency?: number;
  /** Told when a write of several items failed; each is then written alone, failing only itself. */
  onGroupFailure: (error: unknown, size: number) => void;
}

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
}

interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const { write, key, weight, onGroupFailure } = options;
  const max = Math.max(1, Math.floor(options.max));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  let queue: Waiting<I, O>[] = [];
  const busy = new Set<string | number>();
  let running = 0;

  // The next group: in arrival order, skipping a key already taken or being written (and so every
  // later item of that key, which keeps each key's order).
  function take(): Waiting<I, O>[] {
    const group: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const taken = new Set<string | number>();
    let load = 0;
    for (const w of queue) {
      const k = key(w.item);
      const cost = weight ? weight.of(w.item) : 0;
      const fits = group.length === 0 || !weight || load + cost <= weight.max;
      if (fits && group.length < max && !taken.has(k) && !busy.has(k)) {
        group.push(w);
        load += cost;
      } else rest.push(w);
      taken.add(k);
    }
    queue = rest;
    return group;
  }

  async function writeAlone(w: Waiting<I, O>): Promise<void> {
    try {
      const [result] = await write([w.item]);
      if (result === undefined) throw new Error("the write answered no result");
      w.resolve(result);
    } catch (e) {
      w.reject(e);
    }
  }

  async function run(group: Waiting<I, O>[]): Promise<void> {
    if (group.length === 1 && group[0]) return writeAlone(group[0]);
    let results: O[];
    try {
      results = await write(group.map((w) => w.item));
      if (results.length !== group.length) throw new Error("the write answered a result per item");
    } catch (e) {
      onGroupFailure(e, group.length);
      for (const w of group) await writeAlone(w);
      return;
    }
    group.forEach((w, i) => {
      w.resolve(results[i] as O);
    });
  }

  function pump(): void {
    while (running < concurrency && queue.length > 0) {
      const group = take();
      if (group.length === 0) return;
      const keys = group.map((w) => key(w.item));
      for (const k of keys) busy.add(k);
      running++;
      void run(group).finally(() => {
        for (const k of keys) busy.delete(k);
        running--;
        pump();
      });
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
