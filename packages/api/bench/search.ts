// `pnpm bench:search [--products N] [--rounds R]`: seeds N products (default 100,000) into the
// benchmark database (PGlite, or DATABASE_URL), fires a fixed mix of searches through the app
// (no network) and prints one JSON line: products, queries, p50_ms, p95_ms, p99_ms, qps, and the
// machine's 1-minute load average before and after the timed rounds. `--per-query` also prints,
// before it, each search's median time over the rounds, slowest first.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config/app';
import { logLine } from '../src/errors';
import { numberArg, openBenchDatabase, percentile, round } from './support';

const products = numberArg('products', 100_000);
const rounds = numberArg('rounds', 5);
const perQuery = process.argv.includes('--per-query');
const { db } = await openBenchDatabase(products);
const app = createApp({
  db,
  config: { ...loadConfig(), cacheTtlMs: 0 },
  now: () => new Date(),
  // Errors go to stderr, redacted like the server's (errors.ts logLine).
  log: (message, error) => console.error(logLine(message, error)),
});

// Real titles and ISBNs of this catalog, chosen deterministically.
const titles = await db.rows<{ title: string }>(
  sql`select title from products where id % 997 = 1 order by id limit 6`,
);
const isbns = await db.rows<{ isbn: string }>(
  sql`select isbn from products where isbn is not null and id % 991 = 3 order by id limit 3`,
);

const words = [
  '猫',
  '東方',
  '魔法',
  '異世界',
  'ぼっち',
  'ボッチ',
  'ﾎﾞｯﾁ',
  'ドラゴン',
  'ファンタジー',
  'bocchi',
  'doragon',
  'STAR',
  '限定版',
  '猫 学園',
  'の',
];
const sorts = ['new_arrival-desc', 'relevance_score-desc', 'order_count-desc'];
const mix: Record<string, string>[] = [];
for (const q of words) for (const sort of sorts) mix.push({ q, sort });
for (const { title } of titles) mix.push({ q: title, sort: 'relevance_score-desc' });
for (const { isbn } of isbns) {
  mix.push({ q: isbn });
  mix.push({
    q: `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 8)}-${isbn.slice(8, 12)}-${isbn.slice(12)}`,
  });
}
for (const filter of ['benefit', 'release', 'reserve', 'benefit,reserve']) {
  mix.push({ filter });
  mix.push({ q: '猫', filter, sort: 'order_count-desc' });
}
mix.push({ categories: 'BL' }, { categories: 'コミック', q: '東方' }, { q: 'ドラゴン', page: '3' });
// Search that forgives (since 2026-11-25): readings typed in romaji, volumes typed without a
// space, and a typo that finds nothing (its suggestions: close titles and popular searches).
const volumes = await db.rows<{ title: string }>(
  sql`select title from products where title ~ ' [0-9]+$' and id % 89 = 5 order by id limit 2`,
);
for (const q of ['maou', 'yusha']) for (const sort of sorts) mix.push({ q, sort });
for (const { title } of volumes) mix.push({ q: title.replace(/ /g, '') });
mix.push({ q: '勇者の凶書館' });

async function run(params: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await app.request(`/api/search/?${new URLSearchParams(params)}`);
  await response.arrayBuffer();
  if (response.status !== 200)
    throw new Error(`search ${JSON.stringify(params)}: ${response.status}`);
  return performance.now() - started;
}

for (const params of mix) await run(params);
const loadBefore = loadavg()[0] as number;
const latencies: number[] = [];
const byQuery = mix.map(() => [] as number[]);
const started = performance.now();
for (let round = 0; round < rounds; round += 1) {
  for (const [i, params] of mix.entries()) {
    const ms = await run(params);
    latencies.push(ms);
    byQuery[i]?.push(ms);
  }
}
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
if (perQuery) {
  const medians = mix.map((params, i) => {
    const times = (byQuery[i] ?? []).sort((a, b) => a - b);
    return { median_ms: round(percentile(times, 50)), params };
  });
  medians.sort((a, b) => b.median_ms - a.median_ms);
  for (const line of medians) console.log(JSON.stringify(line));
}
console.log(
  JSON.stringify({
    products,
    database: db.kind,
    queries: latencies.length,
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
    p99_ms: round(percentile(latencies, 99)),
    qps: round(latencies.length / seconds, 1),
    load_avg: [round(loadBefore), round(loadavg()[0] as number)],
  }),
);
await db.close();
