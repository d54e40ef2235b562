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

/** A checkpoint as a row of the JSON list `checkpointsUpsert` reads. */
export function checkpointRow(c: FeedCheckpoint) {
  return { source: c.source, position: c.position, updated_at: c.at.toISOString() };
}

/**
 * The checkpoint upsert as a step of a statement whose checkpoints travel as one JSON list (of
 * `checkpointRow`s; none, one, or one per source), so the statement's text stays the same.
 */
export function checkpointsUpsert(rows: SQL): SQL {
  return sql`insert into ${feedCheckpoints} (source, position, updated_at)
    select source, position, updated_at
    from json_to_recordset(${rows}) as c(source text, position bigint, updated_at timestamptz)
    on conflict (source) do update set position = excluded.position, updated_at = excluded.updated_at`;
}
