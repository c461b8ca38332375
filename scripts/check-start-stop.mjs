#!/usr/bin/env node
// Check (default suite): `pnpm start` runs the compiled server (no tsx) as pnpm's own child,
// builds nothing when nothing changed since the last build (issue 15: it rebuilt the rules
// package with its type declarations on every start, 12-44 s), and SIGTERM sent to pnpm alone,
// as a process supervisor sends it, stops the server: nothing of the process group is left and
// the port is closed. Starts on a new embedded database in a temporary folder.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-stop-'));
const failures = [];
// What is stale is built now, so the start below finds nothing to build.
if (
  spawnSync('node', ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' })
    .status !== 0
) {
  console.error('the build before pnpm start failed');
  process.exit(1);
}
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Its own process group (pgid = pnpm's pid), to see afterwards whether anything of it is left.
const pnpm = spawn('pnpm', ['start'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_PRODUCTS: '0' },
});
let output = '';
pnpm.stdout.on('data', (chunk) => (output += chunk));
pnpm.stderr.on('data', (chunk) => (output += chunk));
const group = () => {
  try {
    return execFileSync('ps', ['-o', 'pid=,ppid=,args=', '-g', String(pnpm.pid)], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return ''; // ps exits 1 when the group is empty
  }
};

try {
  let ready = false;
  for (let waited = 0; waited < 300_000 && !ready; waited += 500) {
    ready = await fetch(`http://127.0.0.1:${port}/api/health/ready/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (!ready) await sleep(500);
  }
  if (!ready) throw new Error(`pnpm start did not get ready on port ${port}:\n${output}`);
  if (output.includes('pnpm start: build'))
    failures.push('pnpm start built although nothing changed');
  const processes = group();
  console.log(`pnpm start's processes:\n${processes}`);
  if (processes.includes('tsx')) failures.push('a process runs tsx');
  const server = processes.split('\n').find((line) => line.includes('scripts/start.mjs'));
  if (!server?.trim().split(/\s+/)[1]?.startsWith(String(pnpm.pid))) {
    failures.push('the server is not pnpm’s own child');
  }

  process.kill(pnpm.pid, 'SIGTERM');
  let left = group();
  for (let waited = 0; waited < 30_000 && left; waited += 250) {
    await sleep(250);
    left = group();
  }
  if (left) failures.push(`30 s after SIGTERM to pnpm, still running:\n${left}`);
  const answered = await fetch(`http://127.0.0.1:${port}/api/health/live/`).then(
    () => true,
    () => false,
  );
  if (answered) failures.push(`port ${port} still answers`);
} catch (error) {
  failures.push(String(error));
} finally {
  try {
    process.kill(-pnpm.pid, 'SIGKILL');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`${failures.join('\n')}\n--- pnpm start's output:\n${output}`);
  process.exit(1);
}
console.log('SIGTERM to pnpm start stopped the server; no process left, the port is closed');
