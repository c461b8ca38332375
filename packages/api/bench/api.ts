// `pnpm bench:api [--products N] [--seconds S] [--connections C]`: loads the product page and
// homedata of the shop server over loopback with autocannon, and a bare Hono hello-world on the
// same machine as the reference, each in its own process; prints one JSON line with rps and p99
// for each and their ratio to the reference.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { freePort } from './lib/server';
import { numberArg, openBenchDatabase, round } from './support';

const products = numberArg('products', 100_000);
const seconds = numberArg('seconds', 10);
const connections = numberArg('connections', 10);

const { db, dataDir } = await openBenchDatabase(products);
const slugs = await db.rows<{ slug: string }>(
  sql`select slug from products where id % 1009 = 7 order by id limit 50`,
);
await db.close();

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

async function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(tsx, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (/ready|listening/.test(chunk.toString())) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

async function load(url: string, paths: string[]) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  }
  return { rps: round(result.requests.average, 0), p99_ms: result.latency.p99 };
}

const helloPort = await freePort();
const hello = await start('bench/hello.ts', { PORT: String(helloPort) });
const reference = await load(`http://127.0.0.1:${helloPort}`, ['/']);
hello.kill();

const shopPort = await freePort();
const shop = await start('src/main.ts', {
  PORT: String(shopPort),
  DATA_DIR: dataDir,
  SEED_PRODUCTS: '0',
});
const shopUrl = `http://127.0.0.1:${shopPort}`;
// Warm up: JIT, the database's caches and the server's short-lived read cache.
await autocannon({
  url: shopUrl,
  connections,
  duration: 2,
  requests: slugs.map((s) => ({ path: `/api/products/${s.slug}/` })),
});
const product = await load(
  shopUrl,
  slugs.map((s) => `/api/products/${s.slug}/`),
);
const homedata = await load(shopUrl, ['/api/homedata/']);
shop.kill();

console.log(
  JSON.stringify({
    products,
    connections,
    seconds,
    reference,
    product: { ...product, ratio: round(product.rps / reference.rps) },
    homedata: { ...homedata, ratio: round(homedata.rps / reference.rps) },
  }),
);
