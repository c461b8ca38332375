import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { startServer } from '../src/server';

const apiRoot = join(import.meta.dirname, '..');
const folders: string[] = [];
// Each case creates an embedded database in a new folder (PGlite's initdb), tens of seconds on
// a loaded 2-core machine.
const SLOW = 120_000;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-lock-'));
  folders.push(dir);
  return dir;
}

/** Runs a TypeScript file of packages/api in a process of its own. */
function tsProcess(file: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function output(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database folder is one process’s', () => {
  it(
    'refuses a second process naming the owner, and is taken over once the owner is gone',
    async () => {
      const dataDir = join(folder(), 'pglite');
      const holder = tsProcess('test/support/hold-data-dir.ts', [dataDir]);
      await ready(holder);

      const refused = await openDatabase({ dataDir }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as DataDirInUseError).ownerPid).toBe(holder.pid);

      // SIGKILL: the owner cannot remove its lock file, which now names a process that is gone.
      const gone = new Promise((resolve) => holder.on('exit', resolve));
      holder.kill('SIGKILL');
      await gone;
      expect(existsSync(`${dataDir}.lock`)).toBe(true);
      const db = await openDatabase({ dataDir });
      await db.close();
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    },
    SLOW,
  );

  it(
    'refuses a second open in the same process',
    async () => {
      const dataDir = join(folder(), 'pglite');
      const db = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );

  it(
    'the operator CLI beside the running shop writes nothing and says to stop it or use the API',
    async () => {
      const root = folder();
      const db = await openDatabase({ dataDir: join(root, 'pglite') });
      try {
        const cli = await output(
          tsProcess('scripts/operator.ts', ['cancel', '1'], {
            DATA_DIR: root,
            OPERATOR_TOKEN: '',
            SHOP_API_TOKEN: '',
            DATABASE_URL: '',
          }),
        );
        expect(cli.code).toBe(1);
        expect(cli.stdout).toBe('');
        expect(cli.stderr).toContain(`is open in process ${process.pid}`);
        expect(cli.stderr).toContain('stop that process first');
        expect(cli.stderr).toContain('Set SHOP_API_TOKEN (a staff API token) or OPERATOR_TOKEN');
      } finally {
        await db.close();
      }
    },
    SLOW,
  );

  it(
    'the operator CLI beside the running server sends the operation to its operator API, with OPERATOR_TOKEN or a staff token in SHOP_API_TOKEN (the outbox retry too, audited)',
    async () => {
      const root = folder();
      const port = await freePort();
      // DATABASE_URL emptied: the CLI must find the embedded database, also in the pg suite.
      const env = {
        DATA_DIR: root,
        PORT: String(port),
        OPERATOR_TOKEN: 'o'.repeat(32),
        SHOP_API_TOKEN: '',
        DATABASE_URL: '',
      };
      const running = await startServer({ config: loadConfig({ ...env, SEED_PRODUCTS: '20' }) });
      try {
        const cli = await output(
          tsProcess(
            'scripts/operator.ts',
            ['release-date', '1', '2030-01-15', 'day', '延期のお知らせ'],
            env,
          ),
        );
        expect(cli.code).toBe(0);
        const [product] = await running.deps.db.rows<{ date: string }>(
          sql`select sell_start_date::text as date from products where id = 1`,
        );
        expect(product?.date).toBe('2030-01-15');
        // The staff token alone (until staff accounts exist, OPERATOR_TOKEN is the staff identity
        // the server knows): the CLI sends it, and the server records who acted.
        const staff = await output(
          tsProcess('scripts/operator.ts', ['release-date', '1', '2030-02-01', 'month'], {
            ...env,
            OPERATOR_TOKEN: '',
            SHOP_API_TOKEN: 'o'.repeat(32),
          }),
        );
        expect(staff.code).toBe(0);
        const audit = await running.deps.db.rows<{ action: string }>(
          sql`select action from audit_log where target_type = 'product' and target_id = '1' order by id`,
        );
        expect(audit.map((a) => a.action)).toEqual([
          'product.release_date_change',
          'product.release_date_change',
        ]);
        // The outbox commands too: a dead mail queued again through the staff token, audited.
        const at = running.deps.now().toISOString();
        const [dead] = await running.deps.db.rows<{ id: number }>(
          sql`insert into notification_outbox
                (kind, recipient, dedupe_key, state, attempts, last_error, next_attempt_at, created_at, updated_at)
              values ('order_confirmation', 'cli@example.jp', 'cli-retry', 'dead', 8, 'EMESSAGE 451', ${at}, ${at}, ${at})
              returning id::int as id`,
        );
        const retry = await output(
          tsProcess('scripts/operator.ts', ['notification-retry', String(dead?.id)], {
            ...env,
            OPERATOR_TOKEN: '',
            SHOP_API_TOKEN: 'o'.repeat(32),
          }),
        );
        expect(retry.code, retry.stderr).toBe(0);
        const retried = await running.deps.db.rows<{ action: string }>(
          sql`select action from audit_log where target_type = 'notification'
                and target_id = ${String(dead?.id)}`,
        );
        expect(retried.map((a) => a.action)).toEqual(['notification.retry']);
      } finally {
        await running.close();
      }
    },
    SLOW,
  );
});

describe('the operator CLI', () => {
  it(
    'ships with a carrier and a tracking number, refusing a wrong one as the API does, before opening anything',
    async () => {
      const root = folder();
      const env = { DATA_DIR: root, OPERATOR_TOKEN: '', DATABASE_URL: '' };
      const wrong = await output(
        tsProcess('scripts/operator.ts', ['ship', '1', 'yamato', '1234-5678'], env),
      );
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('追跡番号はヤマト運輸の12桁の数字で入力してください');
      const unknown = await output(
        tsProcess('scripts/operator.ts', ['ship', '1', 'kuroneko', '123456789012'], env),
      );
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(
        '配送業者はヤマト運輸・佐川急便・日本郵便のいずれかを選んでください',
      );
      const missing = await output(tsProcess('scripts/operator.ts', ['ship', '1'], env));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('usage: operator ship <orderId>');
      // Refused before the database: nothing was created in the data folder.
      expect(existsSync(join(root, 'pglite'))).toBe(false);
    },
    SLOW,
  );
});
