import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { describeError, isDatabaseUnavailable, logLine } from './errors';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  test('knows a server that is restarting, shutting down or unreachable', () => {
    expect(isDatabaseUnavailable(withCode('terminating connection', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
  test('looks through the causes drizzle wraps driver errors in', () => {
    const wrapped = new Error('Failed query: select 1', {
      cause: withCode('terminating connection', '57P01'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });
  test('leaves bugs and data errors alone', () => {
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});

describe('describeError', () => {
  const email = 'shopper@example.jp';
  const hash = '$scrypt$ln=17,r=8,p=1$c2FsdA==$a2V5';
  /** A driver error as pg and PGlite throw it: SQLSTATE, schema names, the row in detail. */
  function driverError(): Error {
    return Object.assign(
      new Error('duplicate key value violates unique constraint "members_email"'),
      {
        name: 'error',
        code: '23505',
        table: 'members',
        constraint: 'members_email',
        detail: `Key (email)=(${email}) already exists.`,
        where: `SQL statement "insert into members values ('${email}')"`,
        hint: '山田 太郎',
        query: 'insert into members (email, password_hash) values ($1, $2)',
        params: [email, hash],
      },
    );
  }

  test("logs a failed statement's classes, codes and message, never its statement, parameters or detail", () => {
    const failed = new DrizzleQueryError(
      'insert into members (email, password_hash) values ($1, $2)',
      [email, hash],
      driverError(),
    );
    const text = describeError(failed);
    expect(text.split('\n')[0]).toBe(
      'DrizzleQueryError: Failed query (statement and parameters not logged)',
    );
    expect(text).toContain(
      'caused by DatabaseError[23505] (table members, constraint members_email): duplicate key value violates unique constraint "members_email"',
    );
    expect(text).toMatch(/\n {4}at /);
    for (const leak of [email, '$scrypt$', 'insert into', 'already exists', '山田', 'params']) {
      expect(text).not.toContain(leak);
    }
  });

  test('masks the values PostgreSQL quotes in a message, keeps identifiers', () => {
    const text = describeError(
      Object.assign(new Error('invalid input syntax for type date: "1987-06-05"'), {
        code: '22007',
      }),
    );
    expect(text.split('\n')[0]).toBe('Error[22007]: invalid input syntax for type date: "…"');
    expect(
      describeError(new Error('value "12345678901" is out of range for type integer')),
    ).toMatch(/^Error: value "…" is out of range for type integer/);
    expect(describeError(new Error('conflict on Key (email)=(a@b.jp) here'))).toMatch(
      /^Error: conflict on Key \(email\)=\(…\) here/,
    );
  });

  test('follows causes to a bound and survives cycles and thrown non-errors', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(describeError(b).match(/caused by/g)).toHaveLength(1);
    expect(logLine('failed', `thrown ${email}`)).not.toContain(email);
  });
});

describe('logLine', () => {
  test('masks e-mail addresses, password hashes and session cookies whoever wrote them', () => {
    const line = logLine(
      'withdrawal of shopper@example.jp: cookie sid=AAAAAAAAAAAAAAAAAAAAAA',
      new Error('hash $scrypt$ln=17,r=8,p=1$c2FsdA==$a2V5 refused'),
    );
    expect(line).not.toContain('shopper@example.jp');
    expect(line).not.toContain('AAAAAAAAAAAAAAAAAAAAAA');
    expect(line).not.toContain('$scrypt$');
    expect(line).toContain('[e-mail]');
  });
});
