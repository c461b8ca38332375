import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

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
