import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { TEST_PASSWORD_PARAMS } from '../../test/support/accounts-app';
import { loadConfig } from '../config/app';
import { startServer } from '../server';
import { enqueueNotifications } from './outbox';

// `pnpm start` on a fresh machine: no SMTP_URL, the embedded database. The server starts its
// delivery worker with it; a queued mail ends up in the local mailbox and its view lists it; the
// server closes with the worker stopped.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test('a server without SMTP_URL keeps a queued mail in its mailbox and lists it at /dev/mailbox', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  const base = loadConfig({ DATA_DIR: dataDir, SEED_PRODUCTS: '0' });
  const config = {
    ...base,
    port: await freePort(),
    accounts: { ...base.accounts, password: TEST_PASSWORD_PARAMS },
  };
  const running = await startServer({ config });
  try {
    const { db } = running.deps;
    const [member] = await db.rows<{ id: number }>(
      sql`insert into members (email, password_hash, name) values ('start@example.jp', '$scrypt$unused', '佐藤 花子') returning id`,
    );
    await enqueueNotifications(
      db.orm,
      [
        {
          kind: 'release_postponed',
          to: { memberId: member?.id ?? 0 },
          payload: {
            orderIds: [1],
            productId: 1,
            title: '薬屋のひとりごと 15巻',
            previous: null,
            next: { date: '2027-02-01', precision: 'month' },
          },
          dedupeKey: 'start-test',
        },
      ],
      new Date(),
    );
    let page = '';
    // The worker polls every second; a loaded machine may take longer.
    for (let i = 0; i < 600 && !page.includes('薬屋のひとりごと'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await (await fetch(`${running.url}/dev/mailbox`)).text();
    }
    expect(page).toContain('【本の店】発売延期のお知らせ（薬屋のひとりごと 15巻）');
    expect(page).toContain('start@example.jp');
  } finally {
    await running.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Closed: the worker no longer runs (the database is closed under it otherwise).
  await expect(fetch(`${running.url}/dev/mailbox`)).rejects.toThrow();
  // An embedded database on disk, migrated: tens of seconds on a busy machine.
}, 180_000);
