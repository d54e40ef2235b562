import { createLink, type Link, type LinkStatus } from "@sportsbook/contracts/link";
import { type Exclusive, outbox } from "@sportsbook/db";
import { and, asc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../context.js";

const MAX_ATTEMPTS = 5;
const BATCH = 20;

export interface MailDispatcher {
  /** Delivers everything queued before the call; resolves with the count sent by its run. */
  flush(): Promise<number>;
  /** Delivers every `intervalMs` until stopped (retries of failed messages included). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** A run as the background ones go: a way out still waiting its backoff after a failure is passed over. */
  runDue(): Promise<number>;
  /** Starts a run in the background; its failure is counted and reported, never thrown. */
  kick(): void;
  /** Who hears of a run that failed in the background (every failure is also counted). */
  onRunFailure(listener: (error: unknown) => void): void;
  /** Who hears once when SMTP or the SMS gateway stops taking messages (with why), and once when it takes them again. */
  onChannelChange(listener: (channel: "email" | "sms", status: LinkStatus) => void): void;
  /** The state of each configured way out, for readiness. */
  links(): Record<string, LinkStatus>;
  /**
   * Runs every later delivery run under `exclusive` (a cluster-wide lock): while another node
   * delivers, this one's run sends nothing, so no message goes out twice.
   */
  runExclusively(exclusive: Exclusive): void;
}

type Channel = "email" | "sms";

/** The setting an operator fixes when a way out refuses. */
const SETTING: Record<Channel, string> = { email: "SMTP_URL", sms: "SMS_URL" };

/** A refusal retrying cannot fix: SMTP's authentication failed, the SMS gateway refused the credentials. */
function isRefusal(error: unknown): boolean {
  if ((error as { code?: unknown } | null)?.code === "EAUTH") return true;
  return /answered (401|403)\b/.test(error instanceof Error ? error.message : String(error));
}

/**
 * Sends queued messages: e-mails through the SMTP transport, SMS through the SMS gateway adapter,
 * each when configured. What has no way out stays in the outbox (the development mailbox shows it).
 */
export function createMailDispatcher(ctx: AppContext): MailDispatcher {
  let running: Promise<number> | null = null;
  let exclusive: Exclusive | undefined;
  let timer: NodeJS.Timeout | null = null;
  let listener: (error: unknown) => void = () => {};
  // a run nobody awaits (the timer, a request's kick) reports its failure here
  const inBackground = (): void => {
    flush(true).catch((error: unknown) => {
      ctx.metrics.outboxRunFailures.inc();
      listener(error);
    });
  };

  const senders: Partial<
    Record<"email" | "sms", (to: string, subject: string, body: string) => Promise<unknown>>
  > = {};
  const transport = ctx.identity.transport;
  if (transport) {
    senders.email = (to, subject, text) =>
      transport.sendMail({ from: ctx.identity.mailFrom, to, subject, text });
  }
  const sms = ctx.identity.smsGateway;
  if (sms) senders.sms = (to, _subject, text) => sms.send({ to, text });
  const channels = Object.keys(senders) as Channel[];
  let channelListener: (channel: Channel, status: LinkStatus) => void = () => {};
  // A way out that fails waits its backoff before the background runs try it again, so an SMTP
  // server or SMS gateway that is down is neither hammered nor reported once per message.
  const links = new Map<Channel, Link>();
  const retryAt = new Map<Channel, number>();
  for (const channel of channels)
    links.set(
      channel,
      createLink({
        now: () => ctx.now().getTime(),
        random: () => ctx.roll(1_000_000) / 1_000_000,
        onDown: (status) => channelListener(channel, status),
        onUp: () =>
          channelListener(channel, links.get(channel)?.status() ?? { state: "up", since: 0, failures: 0 }),
      }),
    );

  function delivered(channel: Channel): void {
    retryAt.delete(channel);
    links.get(channel)?.up();
  }

  function refused(channel: Channel, error: unknown): void {
    const refusal = isRefusal(error);
    const cause = `${String(error).slice(0, 300)}${refusal ? ` (check ${SETTING[channel]})` : ""}`;
    const wait = links.get(channel)?.failed(cause, refusal) ?? 0;
    retryAt.set(channel, ctx.now().getTime() + wait);
  }

  async function run(honourBackoff: boolean): Promise<number> {
    if (channels.length === 0) return 0;
    const pending = await ctx.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.channel, channels), isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outbox.id))
      .limit(BATCH);
    let sent = 0;
    for (const message of pending) {
      const channel = message.channel as Channel;
      const send = senders[channel];
      if (!send) continue;
      const waitUntil = retryAt.get(channel);
      if (honourBackoff && waitUntil !== undefined && ctx.now().getTime() < waitUntil) continue;
      try {
        await send(message.recipient, message.subject, message.body);
        delivered(channel);
        await ctx.db
          .update(outbox)
          .set({ sentAt: ctx.now(), attempts: message.attempts + 1, lastError: null })
          .where(eq(outbox.id, message.id));
        sent += 1;
        ctx.metrics.outboxDeliveries.inc({ channel: message.channel, outcome: "sent" });
      } catch (error) {
        // kept for a later run with its error; the count shows a channel that keeps refusing
        ctx.metrics.outboxDeliveries.inc({ channel: message.channel, outcome: "refused" });
        refused(channel, error);
        await ctx.db
          .update(outbox)
          .set({ attempts: message.attempts + 1, lastError: String(error).slice(0, 500) })
          .where(eq(outbox.id, message.id));
      }
    }
    return sent;
  }

  // A flush asked for while a run is going waits for it and runs again, so it sees every message
  // queued before it was asked for; flushes asked for meanwhile share that next run.
  let next: Promise<number> | null = null;
  // a flush asked for by a caller tries every way out now; background runs wait out each backoff
  const flush = (honourBackoff = false): Promise<number> => {
    if (next) return next;
    const previous = running ?? Promise.resolve(0);
    next = previous
      .catch(() => 0)
      .then(() => {
        next = null;
        const pass = () => run(honourBackoff);
        running = (exclusive ? exclusive(pass).then((n) => n ?? 0) : pass()).finally(() => {
          running = null;
        });
        return running;
      });
    return next;
  };

  return {
    flush: () => flush(),
    runDue: () => flush(true),
    start(intervalMs = 10_000) {
      if (timer || channels.length === 0) return;
      timer = setInterval(inBackground, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      // waits for the runs to end; their failures were reported to whoever started them
      await next?.catch(() => {});
      await running?.catch(() => {});
    },
    onRunFailure(l) {
      listener = l;
    },
    onChannelChange(l) {
      channelListener = l;
    },
    links: () => Object.fromEntries([...links].map(([channel, link]) => [channel, link.status()])),
    kick: inBackground,
    runExclusively(e) {
      exclusive = e;
    },
  };
}

const dispatchers = new WeakMap<AppContext, MailDispatcher>();

/** The dispatcher of an API instance, created on first use. */
export function mailDispatcher(ctx: AppContext): MailDispatcher {
  let d = dispatchers.get(ctx);
  if (!d) {
    d = createMailDispatcher(ctx);
    dispatchers.set(ctx, d);
  }
  return d;
}

/** Starts delivery of what a committed request queued, without making the request wait for SMTP. */
export function kickDelivery(ctx: AppContext): void {
  if (!ctx.identity.transport && !ctx.identity.smsGateway) return;
  mailDispatcher(ctx).kick();
}
