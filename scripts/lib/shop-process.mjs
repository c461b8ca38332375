// What the checks that run the shop as a real process (scripts/check-dev.mjs,
// scripts/check-start-stop.mjs) start it with: a free port, a new embedded database in a
// temporary folder, and the process's output kept for the failure report.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository's root folder. */
export const root = resolve(import.meta.dirname, '../..');

/** @param {number} ms */
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** @returns {Promise<number>} a port nothing listens on now, as the kernel chose it */
function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/**
 * Runs `pnpm <script>` at the root in its own process group (its pid is the group's id, so the
 * check can stop or inspect everything it started), on a free port and a new data folder named
 * after `folderPrefix`, with no seeded products.
 *
 * @param {string} script
 * @param {{ folderPrefix: string, env?: Record<string, string> }} options
 */
export async function spawnShop(script, { folderPrefix, env = {} }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
  const child = spawn('pnpm', [script], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_PRODUCTS: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    child,
    port,
    /** Everything the process printed so far. */
    output: () => output,
    /** Deletes the data folder (once the process is stopped). */
    removeData: () => rmSync(dataDir, { recursive: true, force: true }),
    /**
     * Ends the check: exit 1 with the failures and all the process printed, else print `success`.
     *
     * @param {string[]} failures
     * @param {string} success
     */
    finish: (failures, success) => {
      if (failures.length > 0) {
        console.error(`${failures.join('\n')}\n--- pnpm ${script}'s output:\n${output}`);
        process.exit(1);
      }
      console.log(success);
    },
  };
}
