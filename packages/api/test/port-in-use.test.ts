import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../src/config/app';
import { startServer } from '../src/server';

// Issue 15: a second `pnpm start` on a port in use migrated and seeded the database, then failed
// at the listen. It now fails first, having touched nothing.

let occupant: Server;
let port: number;
let dataDir: string;

beforeAll(async () => {
  occupant = createServer();
  await new Promise<void>((resolve) => occupant.listen(0, resolve));
  port = (occupant.address() as AddressInfo).port;
  dataDir = mkdtempSync(join(tmpdir(), 'shop-port-test-'));
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
