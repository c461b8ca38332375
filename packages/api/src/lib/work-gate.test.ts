import { describe, expect, test } from 'vitest';
import { WorkGate } from './work-gate';

/** A task that runs until the test finishes it, recording how many such tasks ran at once. */
function tasks() {
  let running = 0;
  let peak = 0;
  const finishers: Array<() => void> = [];
  const started: number[] = [];
  return {
    get peak() {
      return peak;
    },
    started,
    task(id: number, fail = false) {
      return () =>
        new Promise<number>((resolve, reject) => {
          running++;
          peak = Math.max(peak, running);
          started.push(id);
          finishers.push(() => {
            running--;
            if (fail) reject(new Error(`task ${id} failed`));
            else resolve(id);
          });
        });
    },
    /** Finishes the oldest running task and lets the gate hand its slot on. */
    async finishOne() {
      finishers.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('WorkGate', () => {
  test('runs at most `concurrency` tasks, queues `queue` more and refuses the rest at once', async () => {
    const gate = new WorkGate({ concurrency: 2, queue: 3 });
    const probe = tasks();
    const results = Array.from({ length: 10 }, (_, id) => gate.run(probe.task(id)));
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(3);
    // The five beyond the queue are answered before any task has finished.
    const refused = await Promise.all(results.slice(5));
    expect(refused).toEqual(Array(5).fill({ admitted: false }));

    for (let i = 0; i < 5; i++) await probe.finishOne();
    expect(await Promise.all(results.slice(0, 5))).toEqual(
      [0, 1, 2, 3, 4].map((value) => ({ admitted: true, value })),
    );
    expect(probe.peak).toBe(2);
    // First come, first served.
    expect(probe.started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.running).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  test('a task that throws frees its slot for the next one', async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 1 });
    const probe = tasks();
    const failing = gate.run(probe.task(0, true));
    const next = gate.run(probe.task(1));
    const failed = expect(failing).rejects.toThrow('task 0 failed');
    await probe.finishOne();
    await failed;
    await probe.finishOne();
    expect(await next).toEqual({ admitted: true, value: 1 });
    expect(gate.running).toBe(0);
  });

  test('a freed slot goes to the first waiter, never to a newcomer', async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 1 });
    const probe = tasks();
    const first = gate.run(probe.task(0));
    const queued = gate.run(probe.task(1));
    await probe.finishOne();
    await first;
    // The slot passed to the waiter synchronously: a newcomer finds it taken and the queue free.
    const newcomer = gate.run(probe.task(2));
    expect([gate.running, gate.waiting]).toEqual([1, 1]);
    expect(probe.started).toEqual([0, 1]);
    await probe.finishOne();
    await probe.finishOne();
    expect(await Promise.all([queued, newcomer])).toEqual([
      { admitted: true, value: 1 },
      { admitted: true, value: 2 },
    ]);
  });

  test('drops a queued task whose client went away, freeing its queue place', async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 1 });
    const probe = tasks();
    const running = gate.run(probe.task(0));
    const client = new AbortController();
    const abandoned = gate.run(probe.task(1), client.signal);
    expect(gate.waiting).toBe(1);
    client.abort();
    expect(await abandoned).toEqual({ admitted: false });
    expect(gate.waiting).toBe(0);
    const next = gate.run(probe.task(2));
    expect(gate.waiting).toBe(1);
    await probe.finishOne();
    await running;
    await probe.finishOne();
    expect(await next).toEqual({ admitted: true, value: 2 });
    // The abandoned task never ran, and one whose client is already gone is not even queued.
    expect(probe.started).toEqual([0, 2]);
    expect(await gate.run(probe.task(3), AbortSignal.abort())).toEqual({ admitted: false });
    expect(probe.started).toEqual([0, 2]);
  });

  test('admits again once the queue has room', async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 0 });
    const probe = tasks();
    const first = gate.run(probe.task(0));
    expect(await gate.run(probe.task(1))).toEqual({ admitted: false });
    await probe.finishOne();
    await first;
    const again = gate.run(probe.task(2));
    await probe.finishOne();
    expect(await again).toEqual({ admitted: true, value: 2 });
  });
});

describe('properties', () => {
  test('is bounded: however many arrive at once, at most `concurrency` run and `concurrency + queue` are admitted', async () => {
    for (const [concurrency, queue, arrivals] of [
      [1, 0, 5],
      [2, 3, 12],
      [2, 10, 4],
    ] as const) {
      const gate = new WorkGate({ concurrency, queue });
      let running = 0;
      let most = 0;
      const results = await Promise.all(
        Array.from({ length: arrivals }, () =>
          gate.run(async () => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, 5));
            running -= 1;
          }),
        ),
      );
      expect(most).toBe(Math.min(concurrency, arrivals));
      expect(results.filter((r) => r.admitted).length).toBe(
        Math.min(arrivals, concurrency + queue),
      );
    }
  });
});
