import { afterEach, expect, test, vi } from 'vitest';
import { repeatInBackground } from './background';

afterEach(() => {
  vi.useRealTimers();
});

test('stop waits for the pass in flight, and no pass starts after it', async () => {
  vi.useFakeTimers();
  const events: string[] = [];
  let finish: () => void = () => {};
  const stop = repeatInBackground(
    () => {
      events.push('start');
      return new Promise<void>((resolve) => {
        finish = () => {
          events.push('end');
          resolve();
        };
      });
    },
    100,
    () => {},
  );
  vi.advanceTimersByTime(100);
  const stopped = stop().then(() => events.push('stopped'));
  await Promise.resolve();
  expect(events).toEqual(['start']);
  finish();
  await stopped;
  vi.advanceTimersByTime(1000);
  expect(events).toEqual(['start', 'end', 'stopped']);
});

test('a slow pass is not doubled by the next tick, and a failing pass reports and goes on', async () => {
  vi.useFakeTimers();
  let passes = 0;
  let finish: () => void = () => {};
  const errors: unknown[] = [];
  const stop = repeatInBackground(
    () => {
      passes += 1;
      if (passes === 2) return Promise.reject(new Error('boom'));
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    100,
    (error) => errors.push(error),
  );
  vi.advanceTimersByTime(350);
  expect(passes).toBe(1);
  finish();
  await vi.advanceTimersByTimeAsync(100);
  expect(passes).toBe(2);
  expect(errors).toHaveLength(1);
  await stop();
});
