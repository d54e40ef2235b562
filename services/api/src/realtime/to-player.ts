import {
  balanceChanged,
  notificationEvent,
  unreadCountersChanged,
} from "@sportsbook/contracts/player-events";
import { publishAfterCommit } from "@sportsbook/contracts/publisher";
import { userChannel } from "@sportsbook/contracts/realtime";
import { type NotificationRow, notificationView, unreadNotifications } from "@sportsbook/db";
import type { AppContext } from "../context.js";

/**
 * Sends an event to the player's devices after its cause committed. A failure cannot undo the
 * cause, so it is counted (the devices catch up on their next read) rather than thrown.
 */
export async function publishToPlayer(
  ctx: AppContext,
  playerId: number,
  event: { type: string },
): Promise<void> {
  await publishAfterCommit(ctx.publisher, userChannel(playerId), event, ctx.publishFailed);
}

/** Tells the player's devices about a new balance. */
export async function publishBalance(
  ctx: AppContext,
  playerId: number,
  currency: string,
  balance: number,
): Promise<void> {
  await publishToPlayer(ctx, playerId, balanceChanged(currency, balance));
}

/** Tells the player's devices the unread count, read from the database. */
export async function publishUnread(ctx: AppContext, playerId: number): Promise<void> {
  const unread = await unreadNotifications(ctx.db, playerId);
  await publishToPlayer(ctx, playerId, unreadCountersChanged(unread));
}

/** Sends a committed notification and the unread count that came with it. */
export async function publishNotification(
  ctx: AppContext,
  playerId: number,
  created: { notification: NotificationRow; unread: number },
): Promise<void> {
  await publishToPlayer(ctx, playerId, notificationEvent(notificationView(created.notification)));
  await publishToPlayer(ctx, playerId, unreadCountersChanged(created.unread));
}
