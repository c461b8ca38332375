import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';

export interface Health {
  status: 'ok';
  database: 'pglite' | 'postgres';
  products: number;
  time: string;
  /** A maintenance announcement storefronts show in a modal (MAINTENANCE_MESSAGE). */
  maintenance: { active: boolean; message: string | null };
}

export async function checkHealth({ db, now, config }: AppDeps): Promise<Health> {
  // pg_class's estimate, not count(*): health must stay instant on a million products.
  const [row] = await db.rows<{ products: number }>(
    sql`select greatest(reltuples, 0)::int as products from pg_class where relname = 'products'`,
  );
  return {
    status: 'ok',
    database: db.kind,
    products: row?.products ?? 0,
    time: now().toISOString(),
    maintenance: {
      active: config.maintenanceMessage !== undefined,
      message: config.maintenanceMessage ?? null,
    },
  };
}
