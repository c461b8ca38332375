#!/usr/bin/env node
// `pnpm start`: builds what is older than its sources, then becomes the shop's server in this
// very process (examples/storefront/dist/main.js, compiled JavaScript: no tsx, no rules build).
// The root package.json runs it with `exec`, so the process pnpm starts is the server: SIGINT
// and SIGTERM sent to it reach the server, which drains its requests and exits 0.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const storefront = join(root, 'examples/storefront');

// Everything a build reads besides its own sources: the installed versions. pnpm rewrites
// node_modules/.modules.yaml on every install, so a build made before an install (a pulled
// change that adds a package, built without it) is made again after it.
const INSTALLED = [
  'pnpm-lock.yaml',
  'node_modules/.modules.yaml',
  'examples/storefront/package.json',
  'examples/backoffice/package.json',
  'packages/api/package.json',
  'packages/rules/package.json',
];

/**
 * What `pnpm start` serves, each built by its own script when stale: the storefront's pages and
 * server, and the back office's pages (served under /admin/ by that server).
 */
const TARGETS = [
  {
    package: '@shop/storefront',
    dir: storefront,
    script: 'build:pages',
    outputs: ['dist/client/build.json', 'dist/server/entry-server.js'],
    inputs: ['examples/storefront/src', 'examples/storefront/public', 'packages/rules/src'],
    config: 'examples/storefront/vite.config.ts',
  },
  {
    package: '@shop/storefront',
    dir: storefront,
    script: 'build:server',
    outputs: ['dist/main.js'],
    inputs: ['examples/storefront/server', 'packages/api/src', 'packages/rules/src'],
    config: 'examples/storefront/vite.server.config.ts',
  },
  {
    package: '@shop/backoffice',
    dir: join(root, 'examples/backoffice'),
    script: 'build',
    outputs: ['dist/index.html'],
    inputs: ['examples/backoffice/src', 'examples/backoffice/index.html', 'packages/rules/src'],
    config: 'examples/backoffice/vite.config.ts',
  },
];

/** The newest modification time under `path` (tests excluded: no build reads them). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

for (const target of TARGETS) {
  const outputs = target.outputs.map((file) => join(target.dir, file));
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = Math.max(
    ...[...target.inputs, target.config, ...INSTALLED].map((path) => newest(join(root, path))),
  );
  if (built > sources) continue;
  console.log(
    `pnpm start: ${target.package} ${target.script} (its sources changed since the last build)`,
  );
  const run = spawnSync('pnpm', ['--filter', target.package, 'run', target.script], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

// `node scripts/start.mjs --build-only`: the builds above and nothing else (the scale-out test
// builds once, then starts two servers at the same moment).
if (process.argv.includes('--build-only')) process.exit(0);

// pnpm does not pass SIGTERM on to its script: when pnpm itself is stopped, this process is
// orphaned (its parent changes). It then stops as if it had been sent SIGTERM, instead of
// serving on with nobody left to stop it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 500).unref();

await import(pathToFileURL(join(storefront, 'dist/main.js')).href);
