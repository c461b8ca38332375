import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from './errors';

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
