import { describe, expect, test } from 'vitest';
import { hashPassword } from '../auth/password';
import { newSessionId } from '../auth/session-token';
import { redactPersonalData, scanForPersonalData } from './personal-data';

describe('scanForPersonalData', () => {
  test('finds e-mail addresses, password hashes as stored and session cookies, by line', async () => {
    const hash = await hashPassword('correct horse battery', { logN: 10, r: 8, p: 1 });
    const text = [
      'ok',
      'register failed for Shopper.Name+tag@mail.example.co.jp',
      `params: ${hash},山田`,
      `cookie: __Host-sid=${newSessionId()}; other=1`,
      `\x1b[31msid=${newSessionId()}\x1b[39m`,
    ].join('\n');
    expect(scanForPersonalData(text)).toEqual([
      { kind: 'email', line: 2 },
      { kind: 'password_hash', line: 3 },
      { kind: 'session_id', line: 4 },
      { kind: 'session_id', line: 5 },
    ]);
  });

  test("leaves alone what the suites' output holds: package names, versions, file names, words", () => {
    const text = [
      ' ✓  api  src/accounts/address.test.ts (22 tests) 1131ms',
      "     ✓ the 47 prefectures of @shop/rules are Japan Post's",
      'pnpm@10.34.9 vitest@4.1.12 node_modules/.pnpm/drizzle-orm@0.45.4_@electric-sql+pglite@0.5.16',
      "     ✓ the default cost is OWASP's scrypt recommendation",
      'accounts-features-test sid=short basid=AAAAAAAAAAAAAAAAAAAAAA',
    ].join('\n');
    expect(scanForPersonalData(text)).toEqual([]);
  });
});

describe('redactPersonalData', () => {
  test('masks what the scan finds, so a redacted text scans clean', () => {
    const text = `a@b.jp $scrypt$ln=10,r=8,p=1$abc$def sid=${newSessionId()}`;
    expect(redactPersonalData(text)).toBe('[e-mail] [password hash] sid=[session id]');
    expect(scanForPersonalData(redactPersonalData(text))).toEqual([]);
  });
});
