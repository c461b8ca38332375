// The load generators' shared loop: requests sent by a fixed number of workers, each sending
// its next request as soon as its previous one is answered (a shopper who presses again only
// after seeing the page), so exactly `concurrency` are in flight until the list runs out.

/** One answer as the client saw it. */
export interface Answered {
  /** Index of the request in the list sent. */
  index: number;
  /** performance.now() when it was sent and when its whole answer had been read. */
  sentAt: number;
  answeredAt: number;
  /** The HTTP status, or 0 when no answer came (timeout, connection reset). */
  status: number;
  /** The error body's `error.code`, when the answer had one. */
  code: string;
}

/**
 * Sends each request with `concurrency` in flight and waits for every answer; a request that
 * throws (no answer within its timeout, a reset connection) is recorded with status 0.
 */
export async function sendAll<T>(
  requests: readonly T[],
  concurrency: number,
  request: (r: T, index: number) => Promise<Response>,
): Promise<Answered[]> {
  const answers: Answered[] = [];
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const index = next++;
      const sentAt = performance.now();
      let status = 0;
      let code = '';
      try {
        const res = await request(requests[index] as T, index);
        status = res.status;
        const text = await res.text();
        if (status >= 400) code = errorCode(text);
      } catch {
        status = 0;
      }
      answers.push({ index, sentAt, answeredAt: performance.now(), status, code });
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  return answers;
}

function errorCode(text: string): string {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
}

/** How many answers had each status. */
export function countStatuses(answers: readonly Answered[]): Record<number, number> {
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return statuses;
}
