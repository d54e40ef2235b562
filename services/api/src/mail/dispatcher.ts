import { outbox } from "@sportsbook/db";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { AppContext } from "../context.js";

const MAX_ATTEMPTS = 5;
const BATCH = 20;

export interface MailDispatcher {
  /** Delivers what is pending now; resolves when done. Concurrent calls share one run. */
  flush(): Promise<number>;
  /** Delivers every `intervalMs` until stopped (retries of failed messages included). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Sends queued e-mails through the configured SMTP transport. Without a transport nothing leaves the
 * outbox (the development mailbox shows it). SMS waits for an SMS gateway in the same way.
 */
export function createMailDispatcher(ctx: AppContext): MailDispatcher {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function run(): Promise<number> {
    const transport = ctx.identity.transport;
    if (!transport) return 0;
    const pending = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outbox.id))
      .limit(BATCH);
    let sent = 0;
    for (const message of pending) {
      try {
        await transport.sendMail({
          from: ctx.identity.mailFrom,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        await ctx.db
          .update(outbox)
          .set({ sentAt: ctx.now(), attempts: message.attempts + 1, lastError: null })
          .where(eq(outbox.id, message.id));
        sent += 1;
      } catch (error) {
        await ctx.db
          .update(outbox)
          .set({ attempts: message.attempts + 1, lastError: String(error).slice(0, 500) })
          .where(eq(outbox.id, message.id));
      }
    }
    return sent;
  }

  const flush = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    flush,
    start(intervalMs = 10_000) {
      if (timer || !ctx.identity.transport) return;
      timer = setInterval(() => void flush().catch(() => {}), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
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
  if (!ctx.identity.transport) return;
  void mailDispatcher(ctx)
    .flush()
    .catch(() => {});
}
