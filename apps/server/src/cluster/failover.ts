import { MATCH_STATUS } from "@sportsbook/domain";
import type pg from "pg";
import { type Cluster, until } from "./cluster.js";
import { demoSession, newTally, placeOnce, readOnce, selectionSource, type Tally } from "./load.js";
import { type Watcher, watch } from "./watchers.js";

export interface FailoverOptions {
  bettors: number;
  watchers: number;
  /** Channels each watcher subscribes to (live matches' channels). */
  channelsPerWatcher: number;
  /** Seconds of steady load before the kill, and after it before the rolling restart. */
  steadySeconds: number;
  /** Stake of each bet, minor units (the demo player's balance pays for all of them). */
  stake: number;
  log: (line: string) => void;
}

export interface FailoverReport {
  acknowledged: number;
  lost: number;
  duplicated: number;
  refused: number;
  /** Bets acknowledged after the kill, before the killed node came back. */
  acknowledgedAfterKill: number;
  /** Requests that needed a retry with their Idempotency-Key after the kill. */
  retriedAfterKill: number;
  recovered: number;
  gaps: number;
  rollingFailed: number;
  rollingRequests: number;
  ledger: { unbalanced: number; driftedAccounts: number; stakesPerBetOff: number };
}

/** The one line `npm run cluster -- --verify` ends with. */
export function failoverLine(r: FailoverReport): string {
  return `failover: ${r.acknowledged} bets acknowledged, ${r.lost} lost, ${r.duplicated} duplicated; ${r.recovered} clients recovered, ${r.gaps} gaps; rolling restart ${r.rollingFailed} failed`;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Under steady bets and realtime clients through the load balancer: SIGKILL one app node, check
 * every acknowledged bet exists once and every client recovered its channels on another node, then
 * restart every app node in turn gracefully (SIGTERM) and count the requests that failed meanwhile.
 */
export async function runFailover(
  cluster: Cluster,
  sql: pg.Client,
  options: FailoverOptions,
): Promise<FailoverReport> {
  const { log } = options;
  const started = new Date();
  const selections = selectionSource(sql);
  await until("prematch selections to bet on", async () => (await selections.refresh()) > 0);
  const live = async () =>
    (
      await sql.query<{ id: string }>("select id from matches where status = $1 order by id limit 20", [
        MATCH_STATUS.live,
      ])
    ).rows.map((r) => `match:${r.id}`);
  let channels: string[] = [];
  await until("live matches to watch", async () => {
    channels = await live();
    return channels.length >= options.channelsPerWatcher;
  });

  const watchers: Watcher[] = [];
  for (let i = 0; i < options.watchers; i += 1) {
    const mine = Array.from(
      { length: options.channelsPerWatcher },
      (_, k) => channels[(i + k) % channels.length] as string,
    );
    watchers.push(await watch(cluster.url, mine));
  }
  log(`${watchers.length} realtime clients subscribed to ${channels.length} match channels`);

  // Steady load: each bettor places a bet, then another; a reader reads the catalogue meanwhile.
  const tally: Tally = newTally();
  const reads = { reads: 0, failedReads: 0 };
  let running = true;
  const sessions = await Promise.all(Array.from({ length: options.bettors }, () => demoSession(cluster.url)));
  // a failed refresh keeps the previous selections; the next second tries again
  const refresher = setInterval(() => void selections.refresh().catch(() => {}), 1_000);
  const loops = [
    ...sessions.map(async (headers) => {
      while (running) {
        const s = selections.next();
        if (s) await placeOnce(cluster.url, headers, s, options.stake, tally);
        await pause(50);
      }
    }),
    (async () => {
      while (running) {
        await readOnce(cluster.url, reads);
        await pause(50);
      }
    })(),
  ];

  try {
    await pause(options.steadySeconds * 1000);
    const victim = cluster.appNodes[0];
    if (!victim) throw new Error("no app node");
    const beforeKill = tally.acknowledged.size;
    log(`SIGKILL ${victim.name} after ${beforeKill} bets acknowledged`);
    const retriedBefore = tally.retried;
    await victim.kill("SIGKILL");
    await pause(options.steadySeconds * 1000);
    await until("every realtime client back on a live node with its channels recovered", async () =>
      watchers.every((w) => w.settled()),
    );
    const retriedAfterKill = tally.retried - retriedBefore;
    const acknowledgedAfterKill = tally.acknowledged.size - beforeKill;
    log(`${acknowledgedAfterKill} more bets acknowledged after the kill; restarting ${victim.name}`);
    await victim.start();
    await cluster.settled();

    // The rolling restart: every app node in turn drains (readiness 503, then closes), restarts
    // and is taken back; meanwhile no request may fail.
    const failuresBefore = tally.firstTryFailures + tally.abandoned;
    const readsBefore = reads.failedReads;
    const requestsBefore = tally.acknowledged.size + tally.refused + reads.reads;
    for (const node of cluster.appNodes) {
      log(`rolling restart: ${node.name}`);
      await node.kill("SIGTERM");
      await node.start();
      await cluster.settled();
      await until("every realtime client settled again", async () => watchers.every((w) => w.settled()));
    }
    const rollingFailed =
      tally.firstTryFailures + tally.abandoned - failuresBefore + reads.failedReads - readsBefore;
    const rollingRequests = tally.acknowledged.size + tally.refused + reads.reads - requestsBefore;
    await pause(1_000);
    running = false;
    await Promise.all(loops);

    // Exactly once: the demo player's bets placed during the run are the acknowledged ones.
    const rows = await sql.query<{ id: string }>(
      "select b.id from bets b where b.created_at >= $1 and b.player_id = (select id from players where email = $2)",
      [started, "demo@sportsbook.local"],
    );
    const stored = rows.rows.map((r) => Number(r.id));
    const storedSet = new Set(stored);
    const lost = [...tally.acknowledged].filter((id) => !storedSet.has(id)).length;
    const duplicated = stored.filter((id) => !tally.acknowledged.has(id)).length;
    const ledger = await ledgerCheck(sql, [...tally.acknowledged]);
    // a client on the killed node or on a restarted one reconnected; each such one recovered
    const recovered = watchers.filter((w) => w.connections() > 1 && w.settled()).length;
    const gaps = watchers.reduce((n, w) => n + w.gaps(), 0);
    log(
      `${watchers.reduce((n, w) => n + w.received(), 0)} publications received; ${tally.refused} bets refused by the book (${[...tally.refusedBy].map(([c, n]) => `${c}: ${n}`).join(", ")}); ${reads.reads} reads`,
    );
    return {
      acknowledged: tally.acknowledged.size,
      lost,
      duplicated,
      refused: tally.refused,
      acknowledgedAfterKill,
      retriedAfterKill,
      recovered,
      gaps,
      rollingFailed,
      rollingRequests,
      ledger,
    };
  } finally {
    running = false;
    clearInterval(refresher);
    await Promise.all(loops);
    for (const w of watchers) w.close();
  }
}

/** The ledger's sums: every posting balanced, every balance its entries' sum, one stake per bet. */
async function ledgerCheck(sql: pg.Client, bets: number[]): Promise<FailoverReport["ledger"]> {
  const one = async (text: string, values: unknown[] = []) =>
    Number((await sql.query<{ n: string }>(text, values)).rows[0]?.n ?? 0);
  return {
    unbalanced: await one(
      "select count(*) as n from (select transaction_id from ledger_entries group by 1 having sum(amount) <> 0) t",
    ),
    driftedAccounts: await one(
      `select count(*) as n from accounts a
       left join (select account_id, sum(amount) as s from ledger_entries group by 1) e on e.account_id = a.id
       where a.balance <> coalesce(e.s, 0)`,
    ),
    stakesPerBetOff: await one(
      `select count(*) as n from unnest($1::bigint[]) as b(id)
       where (select count(*) from ledger_transactions t
              where t.kind = 'stake' and t.reference_type = 'bet' and t.reference_id = b.id::text) <> 1`,
      [bets],
    ),
  };
}
