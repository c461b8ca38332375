import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/support/accounts-app';
import { ordersTestApp } from '../../test/support/orders-app';
import { openDatabase } from '../db/client';
import { txRows } from '../db/tx';
import { announceSetup, setupToken } from './setup';

// The first owner: the setup token the server prints, exactly one owner however many setups
// race (on PostgreSQL, scripts/with-postgres.sh, they really run at once), and the CLI.

const t = ordersTestApp();

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

function setup(client: TestClient, body: Record<string, unknown>) {
  return client.request('POST', '/api/admin/setup/', body);
}

async function errorCode(res: Response): Promise<string | undefined> {
  return ((await res.json()) as { error?: { code: string } }).error?.code;
}

describe('the first owner', () => {
  it('prints the setup URL at start while no staff account exists', async () => {
    const lines: string[] = [];
    await announceSetup({ db: t.db, log: (line) => lines.push(line) }, 'https://shop.example');
    const token = await setupToken(t.db);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(lines).toEqual([
      expect.stringContaining(`https://shop.example/admin/setup?token=${token}`),
    ]);
  });

  it('is refused without the right setup token, and nothing is created', async () => {
    const client = new TestClient(t.app, '192.0.2.70');
    expect(await (await client.get('/api/admin/setup/')).json()).toEqual({ setupRequired: true });
    const res = await setup(client, {
      setupToken: 'guessed',
      email: 'owner@example.jp',
      name: '店主',
      password: 'owner password 1',
    });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('setup_token_invalid');
    const weak = await setup(client, {
      setupToken: await setupToken(t.db),
      email: 'owner@example.jp',
      name: '店主',
      password: 'short',
    });
    expect(await errorCode(weak)).toBe('invalid_json');
    const [row] = await txRows<{ n: number }>(
      t.db.orm,
      sql`select count(*)::int as n from staff_accounts`,
    );
    expect(row?.n).toBe(0);
  });

  it('creates exactly one owner when setups race, logged in and due to enrol in two-factor login', async () => {
    const token = await setupToken(t.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        setup(new TestClient(t.app, `192.0.2.${80 + i}`), {
          setupToken: token,
          email: `owner${i}@example.jp`,
          name: `店主${i}`,
          password: 'owner password 1',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const created = answers.find((a) => a.status === 201);
    const body = (await created?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      staff: { role: 'owner' },
      totpEnabled: false,
      totpRequired: true,
    });
    expect(created?.headers.get('set-cookie')).toMatch(/^staff_sid=/);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(await errorCode(refused)).toBe('setup_done');
    }
    const owners = await txRows<{ role: string }>(t.db.orm, sql`select role from staff_accounts`);
    expect(owners).toEqual([{ role: 'owner' }]);
    const audit = await txRows<{ action: string; after: { channel: string } }>(
      t.db.orm,
      sql`select action, after from audit_log`,
    );
    expect(audit).toEqual([
      { action: 'staff.setup', after: expect.objectContaining({ channel: 'setup_url' }) },
    ]);
    expect(
      await (await new TestClient(t.app, '192.0.2.71').get('/api/admin/setup/')).json(),
    ).toEqual({
      setupRequired: false,
    });
    const lines: string[] = [];
    await announceSetup({ db: t.db, log: (line) => lines.push(line) }, 'https://shop.example');
    expect(lines).toEqual([]);
  });
});

describe('the create-owner CLI', () => {
  it('creates the first owner in the embedded database, refuses a second, resets two-factor', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-staff-cli-'));
    try {
      // The CLI's own embedded database, whatever server the suite runs against.
      const { DATABASE_URL: _server, ...env } = process.env;
      const run = (email: string, command = 'create-owner') =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', 'scripts/staff.ts', command, email, '山田', '店主'],
            {
              cwd: apiRoot,
              env: {
                ...env,
                DATA_DIR: dataDir,
                STAFF_PASSWORD: 'cli owner password',
                SCRYPT_LOG_N: '14',
              },
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (c) => (stdout += c));
          child.stderr.on('data', (c) => (stderr += c));
          child.on('exit', (code) => resolve({ code, stdout, stderr }));
        });
      const first = await run('Owner@Example.jp');
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({
        email: 'owner@example.jp',
        name: '山田 店主',
        role: 'owner',
      });
      const second = await run('other@example.jp');
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('setup_done');
      const reset = await run('owner@example.jp', 'reset-totp');
      expect(reset.code, reset.stderr).toBe(0);
      expect(JSON.parse(reset.stdout)).toMatchObject({
        email: 'owner@example.jp',
        totpEnabled: false,
      });
      const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      try {
        const rows = await txRows<{ actor: string; action: string }>(
          db.orm,
          sql`select a.actor, a.action from audit_log a order by a.id`,
        );
        expect(rows).toEqual([
          { actor: '山田 店主', action: 'staff.setup' },
          { actor: 'staff CLI', action: 'staff.update' },
        ]);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
