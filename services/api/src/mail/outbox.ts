import { type Executor, outbox } from "@sportsbook/db";
import type { AppContext } from "../context.js";
import { type MailTemplate, render } from "./templates.js";

/**
 * Queues an e-mail or SMS in the outbox, inside the caller's transaction: the message exists if and
 * only if what caused it was committed. Delivery happens afterwards (see the dispatcher).
 */
export async function enqueue(
  ctx: AppContext,
  ex: Executor,
  channel: "email" | "sms",
  recipient: string,
  playerId: number | null,
  message: MailTemplate,
): Promise<void> {
  const { subject, body } = render(message);
  await ex.insert(outbox).values({
    channel,
    recipient,
    template: message.template,
    subject,
    body,
    playerId,
    createdAt: ctx.now(),
  });
}

/** An absolute link into the site. */
export function siteLink(ctx: AppContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${ctx.identity.publicUrl}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}
