/** Whether a render ran or found every slot and every queue place taken. */
export type GateOutcome<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

/**
 * Bounds the renders of one process: at most `concurrency` run at once, at most `queue` more wait
 * (first come, first served), and any beyond are turned away at once, so a burst of expensive
 * requests costs a bounded amount of CPU and memory and never piles up behind itself.
 */
export class RenderGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Renders running now. */
  get running(): number {
    return this.active;
  }

  /** Renders waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` when a slot is free. A render still waiting when `signal` aborts (the client went
   * away) leaves the queue at once and never runs.
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<GateOutcome<T>> {
    if (signal?.aborted) return { ran: false };
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queue) return { ran: false };
      // release() hands its slot over: `active` stays counted for this render.
      if (!(await this.wait(signal))) return { ran: false };
    } else {
      this.active += 1;
    }
    try {
      return { ran: true, value: await work() };
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
        this.waiting.splice(this.waiting.indexOf(admit), 1);
        resolve(false);
      };
      this.waiting.push(admit);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}
