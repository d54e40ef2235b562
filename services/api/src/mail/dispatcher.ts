import { outbox } from "@sportsbook/db";
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
  /** Starts a run in the background; its failure is counted and reported, never thrown. */
  kick(): void;
  /** Who hears of a run that failed in the background (every failure is also counted). */
  onRunFailure(listener: (error: unknown) => void): void;
}

/**
 * Sends queued messages: e-mails through the SMTP transport, SMS through the SMS gateway adapter,
 * each when configured. What has no way out stays in the outbox (the development mailbox shows it).
 */
export function createMailDispatcher(ctx: AppContext): MailDispatcher {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let listener: (error: unknown) => void = () => {};
  // a run nobody awaits (the timer, a request's kick) reports its failure here
  const inBackground = (): void => {
    flush().catch((error: unknown) => {
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
  const channels = Object.keys(senders) as ("email" | "sms")[];

  async function run(): Promise<number> {
    if (channels.length === 0) return 0;
    const pending = await ctx.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.channel, channels), isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outbox.id))
      .limit(BATCH);
    let sent = 0;
    for (const message of pending) {
      const send = senders[message.channel as "email" | "sms"];
      if (!send) continue;
      try {
        await send(message.recipient, message.subject, message.body);
        await ctx.db
          .update(outbox)
          .set({ sentAt: ctx.now(), attempts: message.attempts + 1, lastError: null })
          .where(eq(outbox.id, message.id));
        sent += 1;
        ctx.metrics.outboxDeliveries.inc({ channel: message.channel, outcome: "sent" });
      } catch (error) {
        // kept for a later run with its error; the count shows a channel that keeps refusing
        ctx.metrics.outboxDeliveries.inc({ channel: message.channel, outcome: "refused" });
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
  const flush = (): Promise<number> => {
    if (next) return next;
    const previous = running ?? Promise.resolve(0);
    next = previous
      .catch(() => 0)
      .then(() => {
        next = null;
        running = run().finally(() => {
          running = null;
        });
        return running;
      });
    return next;
  };

  return {
    flush,
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
    kick: inBackground,
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
