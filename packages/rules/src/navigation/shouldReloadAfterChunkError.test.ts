import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { chunkErrorEventArb } from '../../test/arbitraries';
import {
  BUILD_CHECK_INTERVAL_MS,
  type LastReload,
  RELOAD_GUARD_MS,
  shouldReloadAfterChunkError,
} from './shouldReloadAfterChunkError';

const at = (ms: number) => new Date(Date.UTC(2026, 11, 1) + ms);

describe('shouldReloadAfterChunkError', () => {
  test('checks for a new build every hour and guards a reload for 10 seconds', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  test('never reloads when no new build was found', () => {
    expect(
      shouldReloadAfterChunkError({
        path: '/',
        now: at(0),
        newBuildFound: false,
        lastReload: null,
      }),
    ).toBe(false);
  });

  test('reloads after a new build when nothing was reloaded yet', () => {
    expect(
      shouldReloadAfterChunkError({ path: '/', now: at(0), newBuildFound: true, lastReload: null }),
    ).toBe(true);
  });

  test('does not reload the same path again within 10 seconds, and does at 10 seconds', () => {
    const lastReload = { path: '/cart', at: at(0) };
    const check = (ms: number) =>
      shouldReloadAfterChunkError({ path: '/cart', now: at(ms), newBuildFound: true, lastReload });
    expect(check(0)).toBe(false);
    expect(check(9_999)).toBe(false);
    expect(check(10_000)).toBe(true);
  });

  test('reloads another path even right after a reload', () => {
    expect(
      shouldReloadAfterChunkError({
        path: '/search',
        now: at(1),
        newBuildFound: true,
        lastReload: { path: '/cart', at: at(0) },
      }),
    ).toBe(true);
  });

  test('a remembered reload in the future blocks (the clock went back)', () => {
    expect(
      shouldReloadAfterChunkError({
        path: '/cart',
        now: at(0),
        newBuildFound: true,
        lastReload: { path: '/cart', at: at(60_000) },
      }),
    ).toBe(false);
  });
});

describe('properties', () => {
  test.prop([fc.array(chunkErrorEventArb, { maxLength: 40 })])(
    'never loops: the same path is never reloaded twice within RELOAD_GUARD_MS',
    (events) => {
      let now = 0;
      let lastReload: LastReload | null = null;
      const reloads: { path: string; ms: number }[] = [];
      for (const event of events) {
        now += event.elapsedMs;
        const reload = shouldReloadAfterChunkError({
          path: event.path,
          now: at(now),
          newBuildFound: event.newBuildFound,
          lastReload,
        });
        if (reload) {
          reloads.push({ path: event.path, ms: now });
          lastReload = { path: event.path, at: at(now) };
        }
      }
      for (const [i, a] of reloads.entries()) {
        const next = reloads[i + 1];
        if (next && next.path === a.path)
          expect(next.ms - a.ms).toBeGreaterThanOrEqual(RELOAD_GUARD_MS);
      }
    },
  );

  test.prop([fc.string(), fc.integer({ min: -1e9, max: 1e9 })])(
    'needs a new build: without one it never reloads',
    (path, ms) => {
      expect(
        shouldReloadAfterChunkError({
          path,
          now: at(ms),
          newBuildFound: false,
          lastReload: { path: '/other', at: at(0) },
        }),
      ).toBe(false);
    },
  );
});
