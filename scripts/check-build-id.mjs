#!/usr/bin/env node
// Check (default suite): the storefront's build identity is fixed by its sources. Builds the
// client bundle twice, from the same tree, into two temporary folders, and requires the same
// build.json of both, with the commit time of HEAD as its timestamp (never the time of building).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const storefront = resolve(import.meta.dirname, '../examples/storefront');

function build() {
  const outDir = mkdtempSync(join(tmpdir(), 'shop-build-id-'));
  try {
    const run = spawnSync('pnpm', ['exec', 'vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: storefront,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`vite build failed:\n${run.stdout}${run.stderr}`);
    return JSON.parse(readFileSync(join(outDir, 'build.json'), 'utf8'));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const first = build();
const second = build();
const committed = Number(
  spawnSync('git', ['log', '-1', '--format=%ct'], { encoding: 'utf8' }).stdout.trim(),
);
const failures = [];
if (first.id !== second.id) failures.push(`two builds gave two ids: ${first.id}, ${second.id}`);
if (!/^[0-9a-f]{16}$/.test(first.id)) failures.push(`the id ${first.id} is not a content hash`);
if (first.timestamp !== committed * 1000 || second.timestamp !== first.timestamp) {
  failures.push(
    `timestamps ${first.timestamp}, ${second.timestamp}: not HEAD's ${committed * 1000}`,
  );
}
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`build id ${first.id}, timestamp ${first.timestamp}: the same for both builds`);
