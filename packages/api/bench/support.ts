import { join } from 'node:path';
import { SingleBar } from 'cli-progress';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config/app';
import { type Database, openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/seed/seed';

/** `--name value` from the command line, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

/**
 * The benchmark's database with exactly `products` seeded products: DATABASE_URL, or a PGlite
 * kept in DATA_DIR/bench-<products> so later runs skip the seed.
 */
export async function openBenchDatabase(
  products: number,
): Promise<{ db: Database; dataDir: string }> {
  const config = loadConfig();
  const dataDir = join(config.dataDir, `bench-${products}`);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: join(dataDir, 'pglite'),
    poolSize: 16,
  });
  await db.migrate();
  const [row] = await db.rows<{ n: number }>(sql`select count(*)::int as n from products`);
  if (row?.n !== products && row?.n !== 0) {
    throw new Error(
      `the benchmark database holds ${row?.n} products, not ${products}: use an empty database (or remove ${dataDir})`,
    );
  }
  if (row?.n === 0) {
    const bar = new SingleBar({
      format: 'seeding [{bar}] {value}/{total} products | {duration_formatted}',
      stream: process.stderr,
      noTTYOutput: true,
      notTTYSchedule: 5000,
    });
    bar.start(products, 0);
    await seedDatabase(db, {
      products,
      now: new Date(),
      batchSize: 2000,
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
  }
  return { db, dataDir };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));
