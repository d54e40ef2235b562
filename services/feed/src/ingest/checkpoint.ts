import { feedCheckpoints } from "@sportsbook/db";
import { type SQL, sql } from "drizzle-orm";

/** How far a source of frames got, recorded with the changes of the frame that got it there. */
export interface FeedCheckpoint {
  source: string;
  position: number;
  at: Date;
}

/** The checkpoint upsert, as a statement of its own or as a step of a larger one. */
export function checkpointUpsert(c: FeedCheckpoint): SQL {
  return sql`insert into ${feedCheckpoints} (source, position, updated_at)
    values (${c.source}, ${c.position}, ${c.at.toISOString()}::timestamptz)
    on conflict (source) do update set position = excluded.position, updated_at = excluded.updated_at`;
}
