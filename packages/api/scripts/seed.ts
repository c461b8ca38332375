// `pnpm seed --products N [--reset]`: fills the configured database (DATA_DIR or DATABASE_URL)
// with the deterministic demo catalog, with a progress bar. --reset empties the catalog first.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { isCatalogEmpty, seedDatabase } from '../src/seed/seed';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '3000' },
    reset: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1 || products > 10_000_000) {
  console.error('--products must be an integer between 1 and 10,000,000');
  process.exit(2);
}

const config = loadConfig();
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: join(config.dataDir, 'pglite'),
});
await db.migrate();
if (values.reset) {
  await db.rows(
    sql`truncate products, authors, series, news, showcases, gallery_entries, orders restart identity cascade`,
  );
}
if (!(await isCatalogEmpty(db))) {
  console.error('the catalog is not empty: run with --reset to replace it');
  await db.close();
  process.exit(1);
}
const bar = new SingleBar({
  format: 'seeding [{bar}] {percentage}% | {value}/{total} products | {duration_formatted}',
});
bar.start(products, 0);
const started = Date.now();
const result = await seedDatabase(db, {
  products,
  now: new Date(),
  batchSize: 2000,
  onProgress: (done) => bar.update(done),
});
bar.stop();
console.log(
  `seeded ${result.products} products, ${result.variations} variations, ${result.orders} orders on ${db.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await db.close();
