import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type Tx, txRows } from '../db/tx';

// What the top page shows of news, showcases and the gallery is cached in each API instance's
// memory (routes/homedata.ts). A back office write bumps the content revision in its own
// transaction and the cache is keyed by the revision, so the first top page asked after the
// commit, on any instance, is loaded afresh: a staff member's edit shows at once everywhere.

/** The content area's revision, as committed. */
export async function contentRevision(db: Pick<Database, 'rows'>): Promise<number> {
  const [row] = await db.rows<{ revision: string }>(
    sql`select revision from cache_revisions where area = 'content'`,
  );
  return Number(row?.revision ?? 0);
}

/** Marks the content changed; call in the transaction of the change. */
export async function bumpContentRevision(tx: Tx): Promise<void> {
  await txRows(
    tx,
    sql`insert into cache_revisions (area, revision) values ('content', 1)
        on conflict (area) do update set revision = cache_revisions.revision + 1`,
  );
}
