// `pnpm seed --products N`: fills the configured, empty database (DATA_DIR, by default the
// repository root's .data that `pnpm start` serves, or DATABASE_URL) with the deterministic demo
// catalog, with a progress bar. Orders and points are append-only, so a
// catalog is never replaced in place: point DATA_DIR or DATABASE_URL at an empty database.
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { isCatalogEmpty, seedDatabase } from '../src/seed/seed';
import { loadScriptConfig, openScriptDatabase } from './script-config';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '3000' },
  },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1 || products > 10_000_000) {
  console.error('--products must be an integer between 1 and 10,000,000');
  process.exit(2);
}

const config = loadScriptConfig();
const db = await openScriptDatabase(config);
await db.migrate();
// Under the start-up lock: a server starting on the same PostgreSQL database at this moment
// waits instead of seeding a second catalog beside this one.
const seeded = await db.exclusively(async () => {
  if (!(await isCatalogEmpty(db))) return undefined;
  const bar = new SingleBar({
    format: 'seeding [{bar}] {percentage}% | {value}/{total} products | {duration_formatted}',
    noTTYOutput: true,
    notTTYSchedule: 5000,
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
  return { result, seconds: (Date.now() - started) / 1000 };
});
await db.close();
if (!seeded) {
  console.error('the catalog is not empty: set DATA_DIR or DATABASE_URL to an empty database');
  process.exit(1);
}
console.log(
  `seeded ${seeded.result.products} products, ${seeded.result.variations} variations, ${seeded.result.orders} orders on ${db.kind} (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}) in ${seeded.seconds.toFixed(1)} s`,
);
