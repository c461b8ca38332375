#!/usr/bin/env node
// Check (default suite): `pnpm start` runs the compiled server (no tsx) as pnpm's own child,
// builds nothing when nothing changed since the last build (issue 15: it rebuilt the rules
// package with its type declarations on every start, 12-44 s), and SIGTERM sent to pnpm alone,
// as a process supervisor sends it, stops the server: nothing of the process group is left and
// the port is closed. Starts on a new embedded database in a temporary folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { root, sleep, spawnShop } from './lib/shop-process.mjs';

const failures = [];
// What is stale is built now, so the start below finds nothing to build.
if (
  spawnSync('node', ['scripts/start.mjs', '--build-only'], { cwd: root, stdio: 'inherit' })
    .status !== 0
) {
  console.error('the build before pnpm start failed');
  process.exit(1);
}

// pnpm's own process group, to see afterwards whether anything of it is left.
const {
  child: pnpm,
  port,
  output,
  removeData,
  finish,
} = await spawnShop('start', { folderPrefix: 'shop-start-stop-' });
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
  if (!ready) throw new Error(`pnpm start did not get ready on port ${port}:\n${output()}`);
  if (output().includes('pnpm start: build'))
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
  removeData();
}
finish(failures, 'SIGTERM to pnpm start stopped the server; no process left, the port is closed');
