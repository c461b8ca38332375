import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { connectionArb } from '../../test/arbitraries';
import { shouldPrefetch } from './shouldPrefetch';

describe('shouldPrefetch', () => {
  test('is off when the shopper saves data, whatever the connection', () => {
    expect(shouldPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false);
  });
  test.each(['slow-2g', '2g'])('is off on %s', (effectiveType) => {
    expect(shouldPrefetch({ effectiveType })).toBe(false);
  });
  test.each(['3g', '4g'])('is on on %s', (effectiveType) => {
    expect(shouldPrefetch({ effectiveType, saveData: false })).toBe(true);
  });
  test.each([undefined, null, {}])('is on without connection information (%j)', (connection) => {
    expect(shouldPrefetch(connection)).toBe(true);
  });
});

describe('properties', () => {
  test.prop([connectionArb])(
    'respects the shopper: prefetching is on exactly when neither data saving nor a 2g connection forbids it',
    (connection) => {
      const slow = connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g';
      expect(shouldPrefetch(connection)).toBe(!(connection?.saveData === true || slow));
    },
  );
});
