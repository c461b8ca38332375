/** A loop started by `startPollLoop`. */
export interface PollLoop {
  /** Stops looping: wakes a pause at once; resolves when the round running now has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `round` again and again until stopped, pausing `pollMs` after each round that answers
 * false (true: more is waiting, go on at once). A round handles its own errors. Unlike
 * `repeatInBackground` (a fixed interval), the pause is counted from the end of a round.
 */
export function startPollLoop(pollMs: number, round: () => Promise<boolean>): PollLoop {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      const more = await round();
      if (more || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
