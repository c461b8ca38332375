import { describe, expect, test } from 'vitest';
import { RenderGate } from './render-gate';

/** A render that ends when the test says so. */
function heldRender<T>(value: T) {
  let finish: () => void = () => {};
  const started = { value: false };
  const work = () =>
    new Promise<T>((resolve) => {
      started.value = true;
      finish = () => resolve(value);
    });
  return { work, started, finish: () => finish() };
}

describe('RenderGate', () => {
  test('runs `concurrency` renders, queues `queue` more and turns the rest away at once', async () => {
    const gate = new RenderGate(1, 2);
    const renders = [1, 2, 3, 4, 5].map(heldRender);
    const outcomes = renders.map((r) => gate.run(r.work));
    expect([gate.running, gate.queued]).toEqual([1, 2]);
    expect(await outcomes[3]).toEqual({ ran: false });
    expect(await outcomes[4]).toEqual({ ran: false });
    expect(renders.map((r) => r.started.value)).toEqual([true, false, false, false, false]);

    renders[0]?.finish();
    expect(await outcomes[0]).toEqual({ ran: true, value: 1 });
    // The slot passes to the first in the queue, never to a newcomer.
    expect(renders.map((r) => r.started.value)).toEqual([true, true, false, false, false]);
    expect([gate.running, gate.queued]).toEqual([1, 1]);
    const sixth = heldRender(6);
    const sixthOutcome = gate.run(sixth.work);
    expect(await gate.run(heldRender(7).work)).toEqual({ ran: false });

    renders[1]?.finish();
    await outcomes[1];
    renders[2]?.finish();
    expect(await outcomes[2]).toEqual({ ran: true, value: 3 });
    sixth.finish();
    expect(await sixthOutcome).toEqual({ ran: true, value: 6 });
    expect([gate.running, gate.queued]).toEqual([0, 0]);
  });

  test('frees the slot of a render that fails', async () => {
    const gate = new RenderGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('corrupt')))).rejects.toThrow('corrupt');
    expect(gate.running).toBe(0);
    expect(await gate.run(async () => 'next')).toEqual({ ran: true, value: 'next' });
  });

  test('drops a queued render whose client went away, freeing its queue place', async () => {
    const gate = new RenderGate(1, 1);
    const first = heldRender(1);
    const running = gate.run(first.work);
    const client = new AbortController();
    const abandoned = heldRender(2);
    const waiting = gate.run(abandoned.work, client.signal);
    expect(gate.queued).toBe(1);
    client.abort();
    expect(await waiting).toEqual({ ran: false });
    expect(gate.queued).toBe(0);
    const next = heldRender(3);
    const nextOutcome = gate.run(next.work);
    expect(gate.queued).toBe(1);
    first.finish();
    await running;
    expect(next.started.value).toBe(true);
    next.finish();
    expect(await nextOutcome).toEqual({ ran: true, value: 3 });
    expect(abandoned.started.value).toBe(false);
    expect(await gate.run(heldRender(4).work, AbortSignal.abort())).toEqual({ ran: false });
  });
});

describe('properties', () => {
  test('is bounded: however many arrive at once, at most `concurrency` run and `concurrency + queue` are served', async () => {
    for (const [concurrency, queue, arrivals] of [
      [1, 0, 5],
      [2, 3, 12],
      [2, 10, 4],
    ] as const) {
      const gate = new RenderGate(concurrency, queue);
      let running = 0;
      let most = 0;
      const outcomes = await Promise.all(
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
      expect(outcomes.filter((o) => o.ran).length).toBe(Math.min(arrivals, concurrency + queue));
    }
  });
});
