/** A min-heap of timed actions; ties run in the order they were scheduled, so runs are repeatable. */
export class ActionQueue {
  private heap: { at: number; seq: number; run: () => void }[] = [];
  private seq = 0;

  push(at: number, run: () => void): void {
    const item = { at, seq: this.seq++, run };
    const h = this.heap;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  peekTime(): number | undefined {
    return this.heap[0]?.at;
  }

  pop(): { at: number; run: () => void } | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (top === undefined || last === undefined) return undefined;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(l, m)) m = l;
        if (r < h.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  get size(): number {
    return this.heap.length;
  }

  private less(a: number, b: number): boolean {
    const x = this.heap[a];
    const y = this.heap[b];
    if (!x || !y) return false;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const h = this.heap;
    const t = h[a];
    const u = h[b];
    if (t === undefined || u === undefined) return;
    h[a] = u;
    h[b] = t;
  }
}
