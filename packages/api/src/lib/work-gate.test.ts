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
