#!/usr/bin/env node
// pnpm bench:start: how long `pnpm start` takes until the shop answers its top page (issue 19,
// goal 5). Each start runs on a free port and is stopped with SIGTERM once `/` has answered 200.
//
//   node scripts/bench-start.mjs           restarts: one start to build and seed what is missing
//                                          (not measured), then RUNS (3) measured starts with
//                                          nothing changed, on the same DATA_DIR
//   node scripts/bench-start.mjs --cold    as on a fresh clone (after `pnpm install`): the
//                                          storefront's builds are removed and DATA_DIR is a
//                                          new folder, so the start builds, migrates and seeds
//                                          the demo catalog (SEED_PRODUCTS, default 3,000)
//
// Prints one JSON line per start: seconds to the first page, whether it built, the load
// average (1 min) before and after.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cold = process.argv.includes('--cold');
const runs = Number(process.env.RUNS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-start-'));
const load = () => Number(loadavg()[0].toFixed(2));
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** One `pnpm start` until `/` answers 200; its seconds and whether it built. */
async function start() {
  const port = await freePort();
  const started = performance.now();
  const pnpm = spawn('pnpm', ['start'], {
    cwd: root,
    // Its own process group, so that the server (pnpm's child) is stopped and gone, with the
    // data folder's lock released, before the next start.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
  });
  let output = '';
  pnpm.stdout.on('data', (chunk) => (output += chunk));
  pnpm.stderr.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      if (pnpm.exitCode !== null) throw new Error(`pnpm start exited:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 600_000) throw new Error(`no page in 10 min:\n${output}`);
      await sleep(50);
    }
    return {
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      built: output.includes('pnpm start: build'),
    };
  } finally {
    process.kill(-pnpm.pid, 'SIGTERM');
    for (;;) {
      try {
        process.kill(-pnpm.pid, 0);
      } catch {
        break; // the group is empty
      }
      await sleep(50);
    }
  }
}

/**
 * Starts the shop once and prints the measurement: the seconds until the first page, met when
 * within `goalS` and, unless `mayBuild`, without building, with the load average before and after.
 */
async function measure(measurement, goalS, mayBuild) {
  const before = load();
  const { seconds, built } = await start();
  console.log(
    JSON.stringify({
      measurement,
      seconds,
      built,
      goal_s: goalS,
      met: seconds <= goalS && (mayBuild || !built),
      load_avg_before: before,
      load_avg_after: load(),
    }),
  );
}

try {
  if (cold) {
    rmSync(join(root, 'examples/storefront/dist'), { recursive: true, force: true });
    await measure('cold_start', 20, true);
  } else {
    await start();
    for (let i = 0; i < runs; i++) await measure('restart', 3, false);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
