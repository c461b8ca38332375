// The real shop server in its own process, as the benchmarks and crash tests start it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A loopback port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const serverEntry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * The real server (src/main.ts) in its own process (node with tsx's loader: one pid to kill),
 * with a data folder of its own, resolved once /api/health/ answers. `logs` collects what it
 * prints; with `echo` it is also passed on to this process's stderr (where CI's log scan,
 * bench/scan-card-numbers.ts, reads it).
 */
export async function startShopServer(options: {
  port: number;
  databaseUrl: string;
  /** Where mail goes; without it, into the server's mailbox folder. */
  smtpUrl?: string;
  env?: Record<string, string>;
  echo?: boolean;
}): Promise<{ child: ChildProcess; logs: string[]; stop(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const logs: string[] = [];
  // BENCH_SERVER_NODE_ARGS: node flags for the server alone, e.g. to profile it
  // ('--cpu-prof --cpu-prof-dir=/tmp/prof'; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '0',
      ...(options.smtpUrl === undefined ? {} : { SMTP_URL: options.smtpUrl }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      logs.push(chunk.toString());
      if (options.echo) process.stderr.write(chunk);
    });
  }
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  // tsx compiles the server on each start: on a busy machine that took over 30 s once.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${options.port}/api/health/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, logs, stop: () => child.kill('SIGTERM') };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  const why = child.exitCode === null ? 'did not start within 90 s' : `exited (${child.exitCode})`;
  throw new Error(`server ${why}:\n${logs.join('')}`);
}
