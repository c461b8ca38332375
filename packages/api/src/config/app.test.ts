import { describe, expect, test } from 'vitest';
import { loadConfig } from './app';

describe('loadConfig', () => {
  test('PUBLIC_ORIGIN is the origin shoppers use, unset by default', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://shop.example' }).publicOrigin).toBe(
      'https://shop.example',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://shop.example:8443/' }).publicOrigin).toBe(
      'https://shop.example:8443',
    );
  });

  test('PUBLIC_ORIGIN refuses anything but a bare http(s) origin', () => {
    for (const value of [
      'shop.example',
      'https://shop.example/shop',
      'https://shop.example/?a=1',
      'https://user:pw@shop.example',
      'ftp://shop.example',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: value }), value).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});

// Issue 15: `PORT=70000` failed only after migrating and seeding, a bad DATABASE_URL surfaced as a
// Drizzle error about CREATE SCHEMA, and every variable was read on its own terms. One schema
// (CONFIG_VARIABLES) now reads them all before any work, and refuses with the variable's name.
describe('the configuration schema', () => {
  test.each([
    ['PORT', '70000', 'PORT must be an integer from 0 to 65535 (got 70000)'],
    ['PORT', '-1', 'PORT must be an integer from 0 to 65535 (got -1)'],
    ['PORT', '3000abc', 'PORT must be an integer from 0 to 65535 (got 3000abc)'],
    ['PORT', '1e3', 'PORT must be an integer from 0 to 65535 (got 1e3)'],
    ['SEED_PRODUCTS', '1.5', 'SEED_PRODUCTS must be an integer >= 0 (got 1.5)'],
    ['COOKIE_SECURE', 'yes', 'COOKIE_SECURE must be true, 1, false or 0 (got yes)'],
    ['IP_FILTER_ENABLED', 'on', 'IP_FILTER_ENABLED must be true, 1, false or 0 (got on)'],
    // The three spellings issue 15 found silently meaning "off".
    ['IP_FILTER_ENABLED', 'yes', 'IP_FILTER_ENABLED must be true, 1, false or 0 (got yes)'],
    [
      'TRUST_PROXY',
      'on',
      'TRUST_PROXY must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got on)',
    ],
    [
      'LOG_LEVEL',
      'verbose',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got verbose)',
    ],
    [
      'METRICS_PATH',
      'metrics',
      'METRICS_PATH must be a path such as /metrics, outside /api/ (got metrics)',
    ],
    [
      'METRICS_PATH',
      '/api/metrics',
      'METRICS_PATH must be a path such as /metrics, outside /api/ (got /api/metrics)',
    ],
    ['METRICS_TOKEN', 'short', 'METRICS_TOKEN must be at least 32 characters'],
    ['SCRYPT_LOG_N', '30', 'SCRYPT_LOG_N must be an integer from 14 to 20 (got 30)'],
  ])('%s=%s is refused: %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  test('DATABASE_URL must be a postgres:// URL, and the message never repeats it', () => {
    for (const value of [
      'mysql://shop:s3cret-pw@db.internal/shop',
      'shop:s3cret-pw@db.internal/shop',
      'not a url s3cret-pw',
      'postgres://shop:s3cret-pw@db.internal:99999/shop',
    ]) {
      let message = '';
      try {
        loadConfig({ DATABASE_URL: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, value).toContain('DATABASE_URL must be a PostgreSQL connection URL such as');
      expect(message, value).not.toContain('s3cret-pw');
    }
    for (const value of [
      'postgres://shop:pw@db.internal:5432/shop',
      'postgresql://shop@localhost/shop?sslmode=require',
      'postgres:///shop?host=/var/run/postgresql',
    ]) {
      expect(loadConfig({ DATABASE_URL: value }).databaseUrl).toBe(value);
    }
  });

  test('names every variable it refuses in one message, so all are fixed in one go', () => {
    expect(() =>
      loadConfig({ PORT: '70000', TRUST_PROXY: 'on', IMAGE_RENDER_QUEUE: '-1' }),
    ).toThrow(
      [
        'configuration refused:',
        '  PORT must be an integer from 0 to 65535 (got 70000)',
        '  TRUST_PROXY must be false, true (one proxy), a number of proxies, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got on)',
        '  IMAGE_RENDER_QUEUE must be an integer >= 0 (got -1)',
      ].join('\n'),
    );
  });

  test('unset or empty is the default; LOG_LEVEL and the metrics have theirs', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe('info');
    expect(config.metrics).toEqual({ path: '/metrics', token: undefined });
    expect(loadConfig({ PORT: '0', METRICS_PATH: '/internal/metrics' })).toMatchObject({
      port: 0,
      metrics: { path: '/internal/metrics' },
    });
  });
});
