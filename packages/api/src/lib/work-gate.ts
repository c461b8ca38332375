/** How many tasks may run at once, and how many may wait for a turn. */
export interface WorkGateLimits {
  concurrency: number;
  queue: number;
}

/** A task that ran (its value), or one refused at once because the queue was full. */
export type GateResult<T> = { admitted: true; value: T } | { admitted: false };

/**
 * A semaphore with a bounded, first-come queue: at most `concurrency` tasks run, at most `queue`
 * wait, and any more are refused at once instead of piling up, so a flood answers early rather
 * than slowly and never holds more than `concurrency` of a shared resource.
 *
 * @example
 * const gate = new WorkGate({ concurrency: 2, queue: 8 });
 * const result = await gate.run(() => expensive());
 * if (!result.admitted) answerBusy();
 */
export class WorkGate {
  private active = 0;
  private readonly queued: Array<() => void> = [];

  constructor(readonly limits: WorkGateLimits) {}

  /** Tasks running now (never more than `limits.concurrency`). */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a turn (never more than `limits.queue`). */
  get waiting(): number {
    return this.queued.length;
  }

  async run<T>(task: () => Promise<T>): Promise<GateResult<T>> {
    if (this.active < this.limits.concurrency) {
      this.active++;
    } else if (this.queued.length < this.limits.queue) {
      // release() hands its slot straight to the first waiter: `active` already counts it.
      await new Promise<void>((resolve) => this.queued.push(resolve));
    } else {
      return { admitted: false };
    }
    try {
      return { admitted: true, value: await task() };
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queued.shift();
    if (next) next();
    else this.active--;
  }
}
