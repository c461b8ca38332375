import { expect, test } from 'vitest';
import { startPollLoop } from './poll-loop';

test('a round that asks for more runs the next at once; one that does not pauses until stop wakes it', async () => {
  let rounds = 0;
  let paused: () => void = () => {};
  const pausing = new Promise<void>((resolve) => {
    paused = resolve;
  });
  const loop = startPollLoop(60_000, async () => {
    rounds += 1;
    if (rounds < 3) return true;
    paused();
    return false;
  });
  await pausing;
  // The third round asked for a pause of a minute: stop must not wait for it.
  await loop.stop();
  expect(rounds).toBe(3);
});

test('stop waits for the round in flight and no round starts after it', async () => {
  const events: string[] = [];
  let finish: () => void = () => {};
  let started: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  const loop = startPollLoop(0, () => {
    events.push('start');
    started();
    return new Promise<boolean>((resolve) => {
      finish = () => {
        events.push('end');
        resolve(true);
      };
    });
  });
  await running;
  const stopped = loop.stop().then(() => events.push('stopped'));
  finish();
  await stopped;
  expect(events).toEqual(['start', 'end', 'stopped']);
});
