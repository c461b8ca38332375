#!/usr/bin/env node
// Installs the packed @shop/rules with npm into fresh projects outside the workspace and calls
// it as a consumer would: the README's quick start from ES modules, CommonJS on the lowest
// version of every dependency range, TypeScript with moduleResolution node16 and bundler, and a
// Vite browser build. Needs a build of the package (`pnpm run build`) and the npm registry (or
// npm's cache) for zod, date-fns, isbot and wanakana.
//
//   node scripts/consumer-test.mjs
//
// TypeScript and Vite are the workspace's own (the versions the repository tests with), run on
// the temporary projects, so nothing but the package and its dependencies is downloaded.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const rules = join(root, 'packages/rules');
const manifest = JSON.parse(readFileSync(join(rules, 'package.json'), 'utf8'));
const workspaceRequire = createRequire(join(root, 'examples/storefront/package.json'));
const tsc = createRequire(join(rules, 'package.json')).resolve('typescript/bin/tsc');
const vite = join(dirname(workspaceRequire.resolve('vite/package.json')), 'bin/vite.js');

const work = mkdtempSync(join(tmpdir(), 'shop-rules-consumer-'));
const failures = [];

function run(cmd, args, cwd) {
  // No colours: the quick start's printed objects are compared with the README's text.
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  return execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A step that fails the run but lets the other projects still be tried. */
async function step(name, fn) {
  const started = performance.now();
  try {
    await fn();
    console.log(`✓ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures.push(name);
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim().split('\n').slice(-30);
    console.log(`✗ ${name}\n${[...output, error.message].join('\n')}`);
  }
}

/** The lowest version a caret range allows: `^4.1.0` → `4.1.0`. */
function lowest(range) {
  const m = /^\^(\d+\.\d+\.\d+)$/.exec(range);
  if (!m) throw new Error(`not a caret range: ${range}`);
  return m[1];
}

/** Writes a project's files into `dir`; `pkg` is merged into its package.json. */
function writeProject(dir, { pkg = {}, ...files }) {
  mkdirSync(dir, { recursive: true });
  const name = `consumer-${dir.slice(work.length + 1).replaceAll('/', '-')}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, ...pkg }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
}

/** npm installs the tarball and `deps` into `dir`, as a consumer's `npm install` would. */
function npmInstall(dir, deps) {
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      tarball,
      ...deps,
    ],
    dir,
  );
}

/**
 * The ES module, TypeScript and Vite projects are folders of one project that npm installs
 * once with the newest versions of the ranges: each resolves `@shop/rules` from that
 * node_modules as its own would, and one install saves about 10 s per project.
 */
let latest;
function latestProject(name, files) {
  if (!latest) {
    latest = join(work, 'latest');
    writeProject(latest, {});
    npmInstall(latest, ['zod']);
  }
  const dir = join(latest, name);
  writeProject(dir, files);
  return dir;
}

// Answers every project checks: one rule of each area that uses a dependency, and the
// schemas with the consumer's own zod (a peer dependency, so one copy).
const CHECKS = `
const now = new Date('2026-11-01T00:00:00+09:00');
assert.equal(rules.stockLabel({ in_stock: true, sell_start_date: '2026-12-01' }, now), '予約受付中');
assert.deepEqual(rules.shippingFee('yu_packet', 800, { global: true }), { ok: false, reason: 'shipping_not_available_overseas' });
assert.equal(rules.formatJstDate('2026-11-30T15:00:00Z'), '2026年12月1日(火)');
assert.equal(rules.formatRelativeJa('2026-10-31T23:57:00+09:00', now), '3分前');
assert.equal(rules.normalizeForSearch('ｷﾒﾂ'), rules.normalizeForSearch('きめつ'));
assert.equal(rules.isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), true);
assert.equal(rules.validateShippingAddress({}).ok, false);
const listing = z.object({ product: rules.productSchema.extend({ slug: z.string() }) });
assert.equal(listing.safeParse({ product: { slug: 'x' } }).success, false);
assert.equal(rules.isoDateSchema.safeParse('2026-12-01T10:00:00').success, false);
`;

const tarball = (() => {
  const out = run('pnpm', ['pack', '--pack-destination', work], rules);
  return out.trim().split('\n').at(-1);
})();

await step(`tarball ${manifest.name}@${manifest.version}: files and manifest`, () => {
  const files = run('tar', ['-tzf', tarball], work).trim().split('\n');
  const outside = files.filter(
    (f) => !/^package\/(dist\/.+|package\.json|README\.md|CHANGELOG\.md)$/.test(f),
  );
  assert.deepEqual(outside, [], 'only dist/, the manifest, README and CHANGELOG are published');
  for (const f of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
    assert.ok(files.includes(`package/dist/${f}`), `dist/${f} is published`);
  }
  assert.ok(!files.some((f) => f.endsWith('.test.js')), 'no test is published');
  const packed = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], work));
  assert.equal(packed.version, manifest.version);
  assert.ok(!JSON.stringify(packed).includes('workspace:'), 'no workspace: specifier');
  assert.deepEqual(Object.keys(packed.peerDependencies ?? {}), ['zod']);
});

await step('ES module: the README quick start prints what its comments say, and more rules', () => {
  const readme = readFileSync(join(rules, 'README.md'), 'utf8');
  const quickStart = /## Quick start\n\n```js\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(quickStart, 'the README has a ```js quick start');
  const expected = [...quickStart.matchAll(/console\.log\(.*\/\/ (.+)$/gm)].map((m) => m[1]);
  assert.equal(expected.length, 3, 'a label, a fee and a quote');
  const dir = latestProject('esm', {
    pkg: { type: 'module' },
    'quick-start.js': quickStart,
    'checks.js': `import assert from 'node:assert/strict';\nimport * as rules from '@shop/rules';\nimport { z } from 'zod';\n${CHECKS}`,
  });
  assert.deepEqual(run('node', ['quick-start.js'], dir).trim().split('\n'), expected);
  run('node', ['checks.js'], dir);
});

await step('CommonJS on the lowest version of every dependency range', () => {
  const ranges = { ...manifest.dependencies, ...manifest.peerDependencies };
  const pins = Object.entries(ranges).map(([name, range]) => `${name}@${lowest(range)}`);
  const dir = join(work, 'cjs');
  writeProject(dir, {
    'checks.cjs': `const assert = require('node:assert/strict');\nconst rules = require('@shop/rules');\nconst { z } = require('zod');\n${CHECKS}`,
  });
  npmInstall(dir, pins);
  const installed = (name) =>
    JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  for (const [name, range] of Object.entries(ranges)) assert.equal(installed(name), lowest(range));
  run('node', ['checks.cjs'], dir);
});

await step(
  'TypeScript (tsc --noEmit): moduleResolution node16 (import and require) and bundler',
  () => {
    const options = {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
      // The types name URLSearchParams (and zod's URL): a consumer has lib dom or @types/node.
      lib: ['es2022', 'dom'],
      target: 'es2022',
    };
    const typed = `import { type DateInput, type ShippingFeeResult, productSchema, quote, shippingFee, stockLabel } from '@shop/rules';
import { z } from 'zod';
const fee: ShippingFeeResult = shippingFee('home_delivery', 3500);
if (fee.ok) { const yen: number = fee.fee; void yen; }
const day: DateInput = '2026-12-01';
const label: '在庫なし' | '予約受付中' | '入荷待ち' | '在庫あり' = stockLabel({ in_stock: true, sell_start_date: day }, new Date());
const result = quote({ lines: [{ unit_price: '1100', quantity: 1, point_value: 11 }], shipping: 'home_delivery', payment: 'credit_card' });
if (result.ok) { const total: number = result.total; void total; } else { const reason: string = result.reason; void reason; }
const apiProduct = productSchema.extend({ slug: z.string() });
const slug: string = apiProduct.parse({}).slug;
// @ts-expect-error a stock label needs the variation's in_stock
stockLabel({ sell_start_date: day }, new Date());
// @ts-expect-error shippingFee takes integer yen, not a string
shippingFee('home_delivery', '3500');
void label; void slug;
`;
    const dir = latestProject('typescript', {
      pkg: { type: 'module' },
      'esm.mts': typed,
      'cjs.cts': typed,
      'bundler.ts': typed,
      'tsconfig.node16.json': JSON.stringify({
        compilerOptions: { ...options, module: 'node16', moduleResolution: 'node16' },
        files: ['esm.mts', 'cjs.cts'],
      }),
      'tsconfig.bundler.json': JSON.stringify({
        // The same index.d.ts as node16's import: its declarations were checked there.
        compilerOptions: {
          ...options,
          module: 'esnext',
          moduleResolution: 'bundler',
          skipLibCheck: true,
        },
        files: ['bundler.ts'],
      }),
    });
    // tsc exits non-zero on any error; --listFiles shows which declarations each form read.
    const resolution = run('node', [tsc, '-p', 'tsconfig.node16.json', '--listFiles'], dir);
    run('node', [tsc, '-p', 'tsconfig.bundler.json'], dir);
    assert.match(resolution, /@shop\/rules\/dist\/index\.d\.ts$/m, 'import reads index.d.ts');
    assert.match(resolution, /@shop\/rules\/dist\/index\.d\.cts$/m, 'require reads index.d.cts');
  },
);

await step(
  'Vite browser build: answers, and a page importing one rule gets neither zod nor the rest',
  async () => {
    const dir = latestProject('vite', {
      pkg: { type: 'module' },
      'index.html': '<!doctype html><script type="module" src="/main.js"></script>',
      // Without the preload polyfill the built script runs in Node too, where it is checked.
      'vite.config.js': 'export default { build: { modulePreload: { polyfill: false } } };',
      'main.js': `import { formatYenTaxIncluded, stockLabel } from '@shop/rules';
globalThis.rulesAnswers = [
  stockLabel({ in_stock: false }, new Date()),
  formatYenTaxIncluded(3040),
];
`,
    });
    run('node', [vite, 'build', '--logLevel', 'warn'], dir);
    const assets = join(dir, 'dist/assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    assert.equal(scripts.length, 1, 'one script for one entry');
    const code = readFileSync(join(assets, scripts[0]), 'utf8');
    assert.ok(!/ZodError|\$ZodType/.test(code), 'zod is not in the bundle');
    assert.ok(!code.includes('ゆうパケット'), 'the checkout rules are not in the bundle');
    assert.ok(code.length < 4000, `one rule and formatYen are small (${code.length} bytes)`);
    await import(pathToFileURL(join(assets, scripts[0])).href);
    assert.deepEqual(globalThis.rulesAnswers, ['在庫なし', '3,040円(税込)']);
  },
);

rmSync(work, { recursive: true, force: true });
if (failures.length) {
  console.log(`consumer test failed: ${failures.join('; ')}`);
  process.exit(1);
}
