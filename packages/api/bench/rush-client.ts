// The load generator of bench:rush, in a process of its own (as bench/checkout-client.ts): the
// shoppers' browsers. It talks to the parent over IPC: `warm` when the servers have been warmed
// up, then it is told the opening instant, probes the closed sale until just before it, and at
// the instant sends every confirm while fetching the product and top pages alongside.
import type { ClientRequest } from './checkout-client';
import { answerParent } from './lib/load-generator';
import { type Answered, sendAll } from './load';

/** One confirm request, ready to send; `retry` repeats an earlier request's key and body. */
export interface RushRequest extends ClientRequest {
  retry: boolean;
}

export interface RushInput {
  ports: number[];
  slug: string;
  concurrency: number;
  pageConcurrency: number;
  timeoutMs: number;
  /** Confirms sent (under fresh keys) while the sale is closed, before the opening is set. */
  warmup: number;
  requests: RushRequest[];
}

/** The parent's answer to `warm`: the opening instant (epoch ms). */
export interface RushOpening {
  opensAt: number;
}

export interface RushResult {
  /** The confirms, in the order of `requests`; times in ms since the opening. */
  confirms: Answered[];
  /** Confirms sent before the opening: each should be 409 `not_available`. */
  early: Answered[];
  /** Product and top pages fetched from the opening until the last confirm was answered. */
  pages: Answered[];
}

async function run(input: RushInput): Promise<RushResult> {
  const { ports, requests, timeoutMs } = input;
  const origin = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;
  const confirm = (r: RushRequest, i: number, key = r.key) =>
    fetch(`${origin(i)}/api/reserveshop/checkout/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `sid=${r.cookie}`,
        'x-csrf-token': r.csrf,
        'idempotency-key': key,
      },
      body: r.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  const pagePaths = [`/api/products/${input.slug}/`, '/api/homedata/'];
  const page = (i: number) =>
    fetch(`${origin(i >> 1)}${pagePaths[i % 2]}`, { signal: AbortSignal.timeout(timeoutMs) });

  // Warm-up: pages, and confirms under fresh keys that the closed sale refuses (the first
  // tries of the rush keep their own keys untouched).
  const firsts = requests.filter((r) => !r.retry);
  const probes = Array.from({ length: input.warmup }, (_, i) => firsts[i % firsts.length]);
  const early = await sendAll(probes, input.concurrency, (r, i) =>
    confirm(r as RushRequest, i, crypto.randomUUID()),
  );
  await sendAll(Array.from({ length: 2000 }), input.pageConcurrency, (_, i) => page(i));

  const { opensAt } = await new Promise<RushOpening>((resolve) => {
    process.once('message', (m) => resolve(m as RushOpening));
    process.send?.('warm');
  });
  // Shoppers who press before the instant: refused until it comes.
  for (let i = 0; Date.now() < opensAt - 200; i++) {
    const r = firsts[i % firsts.length] as RushRequest;
    early.push(...(await sendAll([r], 1, () => confirm(r, i, crypto.randomUUID()))));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now())));

  const opened = performance.now();
  let done = false;
  const pages: Answered[] = [];
  let nextPage = 0;
  const pageWorkers = Array.from({ length: input.pageConcurrency }, async () => {
    while (!done) {
      const i = nextPage++;
      pages.push(...(await sendAll([i], 1, () => page(i))));
    }
  });
  const confirms = await sendAll(requests, input.concurrency, confirm);
  done = true;
  await Promise.all(pageWorkers);
  const since = (a: Answered): Answered => ({
    ...a,
    sentAt: a.sentAt - opened,
    answeredAt: a.answeredAt - opened,
  });
  confirms.sort((a, b) => a.index - b.index);
  return { confirms: confirms.map(since), early, pages: pages.map(since) };
}

answerParent(run);
