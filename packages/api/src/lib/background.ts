/**
 * Runs `task` every `intervalMs` in the background, one pass at a time (a pass still running
 * when the next is due is not doubled). The returned stop clears the timer and waits for the
 * pass in flight, so a stopping server closes its database only after the pass is done (else it
 * failed with "Cannot use a pool after calling end on the pool").
 */
export function repeatInBackground(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
