import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Where each feed source got to: the sequence number of the last message applied (written in the
 * same transaction as the message), and what the source needs to resume, e.g. the simulator's seed
 * and start time. A restart resumes after `position` so nothing is lost or applied twice.
 */
export const feedCheckpoints = pgTable("feed_checkpoints", {
  source: text("source").primaryKey(),
  position: bigint("position", { mode: "number" }).notNull().default(0),
  state: jsonb("state").notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
