/** How many tasks may run at once, and how many may wait for a turn. */
export interface WorkGateLimits {
  concurrency: number;
  queue: number;
}

/**
 * A task that ran (its value), or one refused: the queue was full, or its client went away
 * before its turn.
 */
export type GateResult<T> =
  | { readonly admitted: true; readonly value: T }
  | { readonly admitted: false };

/**
 * A semaphore with a bounded, first-come queue: at most `concurrency` tasks run, at most `queue`
 * wait, and any more are refused at once instead of piling up, so a flood answers early rather
 * than slowly and never holds more than `concurrency` of a shared resource. One per process for
 * password hashes (auth/password.ts) and one for image renders (images/render.ts); a refused
 * task becomes a 503 with Retry-After (ThrottledError, rendered by errorResponse).
 *
 * @example
 * const gate = new WorkGate({ concurrency: 2, queue: 8 });
 * const result = await gate.run(() => expensive(), request.signal);
 * if (!result.admitted) throw busy();
 */
export class WorkGate {
  private active = 0;
  private readonly queued: Array<() => void> = [];
  private turnedAway = 0;

  constructor(readonly limits: WorkGateLimits) {}

  /** Tasks running now (never more than `limits.concurrency`). */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a turn (never more than `limits.queue`). */
  get waiting(): number {
    return this.queued.length;
  }

  /** Tasks refused because the queue was full, since the gate was made (a metric). */
  get refused(): number {
    return this.turnedAway;
  }

  /**
   * Runs `task` when a slot is free. A task still waiting when `signal` aborts (the client
   * disconnected) leaves the queue at once and never runs.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<GateResult<T>> {
    if (signal?.aborted) return { admitted: false };
    if (this.active < this.limits.concurrency) {
      this.active++;
    } else if (this.queued.length < this.limits.queue) {
      // release() hands its slot straight to the first waiter: `active` already counts it.
      if (!(await this.wait(signal))) return { admitted: false };
    } else {
      this.turnedAway++;
      return { admitted: false };
    }
    try {
      return { admitted: true, value: await task() };
    } finally {
      this.release();
    }
  }

  /** Queues for a slot: true once handed one, false if `signal` aborted first. */
  private wait(signal: AbortSignal | undefined): Promise<boolean> {
    return new Promise((resolve) => {
      const admit = () => {
        signal?.removeEventListener('abort', leave);
        resolve(true);
      };
      const leave = () => {
        this.queued.splice(this.queued.indexOf(admit), 1);
        resolve(false);
      };
      this.queued.push(admit);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  private release(): void {
    const next = this.queued.shift();
    if (next) next();
    else this.active--;
  }
}
