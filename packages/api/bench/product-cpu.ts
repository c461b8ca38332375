// `pnpm --filter @shop/api exec tsx bench/product-cpu.ts [--products N] [--requests R]`: the
// cost of GET /api/products/{slug}/ inside one process, without sockets or a load generator:
// R requests (after as many to warm up) over the same 50 products as bench/api.ts, through the
// app the server runs. Prints one JSON line with the wall time and the process's CPU time
// (user + system, `process.cpuUsage`) per request. CPU time is the steadier figure on a machine
// shared with other jobs; run it under `node --cpu-prof` to see where the time goes.
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/app';
import { createDeps } from '../src/server';
import { numberArg, openBenchDatabase, round } from './support';

const products = numberArg('products', 100_000);
const requests = numberArg('requests', 15_000);

const bench = await openBenchDatabase(products);
await bench.db.close();
const deps = await createDeps({ ...loadConfig(), dataDir: bench.dataDir, seedProducts: 0 });
const app = createApp(deps);
const slugs = (
  await deps.db.rows<{ slug: string }>(
    sql`select slug from products where id % 1009 = 7 order by id limit 50`,
  )
).map((row) => row.slug);

async function run(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await app.request(`/api/products/${slugs[i % slugs.length]}/`);
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    await response.arrayBuffer();
  }
}

await run(requests);
const started = performance.now();
const cpu = process.cpuUsage();
await run(requests);
const used = process.cpuUsage(cpu);
const wallUs = ((performance.now() - started) * 1000) / requests;
await deps.db.close();

console.log(
  JSON.stringify({
    products,
    requests,
    wall_us_per_request: round(wallUs, 0),
    cpu_us_per_request: round((used.user + used.system) / requests, 0),
  }),
);
process.exit(0);
