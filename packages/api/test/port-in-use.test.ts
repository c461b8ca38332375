import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { loadConfig } from '../src/config/app';
import { startServer } from '../src/server';

// Issue 15: a second `pnpm start` on a port in use, or one given PORT=70000, migrated and seeded
// the database, then failed at the listen. It now fails first, having touched nothing.

let occupant: Server;
let port: number;
let dataDir: string;

beforeAll(async () => {
  occupant = createServer();
  await new Promise<void>((resolve) => occupant.listen(0, resolve));
  port = (occupant.address() as AddressInfo).port;
  dataDir = mkdtempSync(join(tmpdir(), 'shop-port-test-'));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await new Promise<void>((resolve) => occupant.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

test('a port in use stops the start before the database is opened, migrated or seeded', async () => {
  const config = { ...loadConfig({}), port, dataDir, databaseUrl: undefined };
  await expect(startServer({ config })).rejects.toThrow(
    `PORT ${port} is already in use (another server of the shop?): stop it or set PORT`,
  );
  expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
});

test('PORT=70000 stops the start (as src/main.ts starts) before the database is opened', async () => {
  vi.stubEnv('PORT', '70000');
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('DATABASE_URL', '');
  await expect(startServer()).rejects.toThrow(
    'PORT must be an integer from 0 to 65535 (got 70000)',
  );
  expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
});
