import { type DatabaseHandle, type Exclusive, exclusiveRunner, type LockKey } from "@sportsbook/db";

/**
 * Advisory locks of the scheduled jobs, beside the feed's lead ("SB", 1): a node runs a pass only
 * while holding its job's lock, so two nodes configured for the jobs never run the same pass at once.
 */
export const HOUSEKEEPING_LOCK: LockKey = { classId: 0x5342, objId: 2 };
export const MAIL_DELIVERY_LOCK: LockKey = { classId: 0x5342, objId: 3 };

/** Runs a job's passes one node at a time across every node sharing the database. */
export function exclusiveJob(database: DatabaseHandle, key: LockKey, node: string): Exclusive {
  return exclusiveRunner(() => database.sessionLock(key, node));
}
