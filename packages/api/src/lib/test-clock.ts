/**
 * The shop's clock moved by end-to-end tests (TEST_CLOCK=on, never in production; see
 * docs/operations.md): the real time plus an offset the test sets, so a running server can be
 * taken past a payment due date and its jobs run there.
 */
export interface TestClock {
  now(): Date;
  /** From now on, the clock reads `at` plus the real time elapsed since. */
  set(at: Date): void;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(at) {
      offsetMs = at.getTime() - Date.now();
    },
  };
}
