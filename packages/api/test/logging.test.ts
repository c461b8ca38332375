import { rmSync } from 'node:fs';
import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createApp } from '../src/app';
import type { AppDeps } from '../src/deps';
import { CSRF_HEADER } from '../src/middleware/session';
import { createDeps } from '../src/server';
import { testConfig } from './support/database';

// Finding 13 of issue 12: with a statement failing during a registration, the server's log
// carried the e-mail address, the password hash, the name and the birth date (the failed
// statement's parameters, printed by the error logging). This drives the server's own log
// (createDeps' AppDeps.log, as `pnpm start` runs it) and reads what reaches stdout and stderr.

let deps: AppDeps;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const config = testConfig({ seedProducts: 0 });
  // Cheap hashes: the cost of the real ones changes nothing here.
  const accounts = { ...config.accounts, password: { logN: 10, r: 8, p: 1 } };
  deps = await createDeps({ ...config, accounts });
  app = createApp(deps);
}, 120_000);
afterAll(async () => {
  await deps.db.close();
  rmSync(deps.config.dataDir, { recursive: true, force: true });
});

/**
 * Everything the server writes to stdout and stderr while `run` runs (its JSON log and any
 * console output), as it would print it.
 */
async function capture(run: () => Promise<void>): Promise<string> {
  const printed: string[] = [];
  const keep = (...args: unknown[]) => {
    printed.push(format(...args));
  };
  const write = (chunk: string | Uint8Array) => {
    printed.push(String(chunk).replace(/\n$/, ''));
    return true;
  };
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(keep),
    vi.spyOn(console, 'error').mockImplementation(keep),
    vi.spyOn(process.stdout, 'write').mockImplementation(write),
    vi.spyOn(process.stderr, 'write').mockImplementation(write),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return printed.join('\n');
}

test('a registration whose statement fails logs the failure, and none of the e-mail, password hash, name, birth date or cookie', async () => {
  // The insert fails as PostgreSQL reports a bad value and a taken key: the birth date quoted
  // in the message, the e-mail address in DETAIL, the name in HINT.
  await deps.db.rows(sql`create function refuse_member() returns trigger language plpgsql as $$
    begin
      raise exception 'invalid input syntax for type date: "%"', new.birth_date
        using errcode = '22007', detail = format('Key (email)=(%s) already exists.', new.email),
              hint = new.name;
    end $$`);
  await deps.db.rows(
    sql`create trigger refuse_member before insert on members for each row execute function refuse_member()`,
  );
  const email = 'leak-check.member@example.jp';
  const name = '漏洩 確認子';
  const birthDate = '1987-06-05';
  const password = 'correct horse battery staple';
  let cookie = '';
  const printed = await capture(async () => {
    const session = await app.request('/api/session/');
    cookie = session.headers.get('set-cookie')?.split(';')[0] ?? '';
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    const res = await app.request('/api/user/register/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrfToken },
      body: JSON.stringify({ email, password, name, birthDate }),
    });
    expect(res.status).toBe(500);
  });
  expect(cookie).toMatch(/^sid=/);
  // None of the shopper's data.
  for (const secret of [email, name, birthDate, password, '$scrypt$', cookie.slice(4)]) {
    expect(printed).not.toContain(secret);
  }
  expect(printed).not.toContain('params');
  expect(printed).not.toContain('insert into');
  // The failure is there, one JSON line with what an operator needs: route, classes, SQLSTATE,
  // stack, and the request's id, which its access line has too.
  const lines = printed.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const failure = lines.find((line) => line.level === 'error');
  expect(failure?.msg).toBe('unexpected error on POST /api/user/register/');
  expect(failure?.error).toContain('DrizzleQueryError');
  expect(failure?.error).toContain('DatabaseError[22007]');
  expect(failure?.error).toContain('invalid input syntax for type date: "…"');
  expect(failure?.error).toMatch(/\n {4}at /);
  const access = lines.find(
    (line) => line.msg === 'request' && line.path === '/api/user/register/',
  );
  expect(access).toMatchObject({ method: 'POST', status: 500, requestId: failure?.requestId });
  expect(failure?.requestId).toMatch(/^[0-9a-f-]{36}$/);
});
