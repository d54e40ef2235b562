import { auditLog, type Executor } from "@sportsbook/db";
import type { AppContext } from "../context.js";

/**
 * Appends an account event (limit changes, password changes, locks) to the append-only audit log,
 * inside the caller's transaction: responsible-gambling and security changes must be traceable.
 */
export async function audit(
  ctx: AppContext,
  ex: Executor,
  event: {
    entity: "limit" | "player";
    id: number;
    action: string;
    playerId: number;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await ex.insert(auditLog).values({
    entityType: event.entity,
    entityId: String(event.id),
    action: event.action,
    playerId: event.playerId,
    data: event.data ?? {},
    createdAt: ctx.now(),
  });
}
