// The load generator of bench:checkout, run in a process of its own so that its fetch calls do
// not share the server's event loop (a shopper's browser is not inside the server either).
import { answerParent } from './lib/load-generator';
import { countStatuses, sendAll } from './load';

/** One confirm request, ready to send. */
export interface ClientRequest {
  key: string;
  body: string;
  cookie: string;
  csrf: string;
}

export interface ClientInput {
  port: number;
  concurrency: number;
  requests: ClientRequest[];
  /** Quote requests sent (and not measured) before the confirms. */
  warmup: number;
}

export interface ClientResult {
  /** Milliseconds from sending each request to reading its whole answer. */
  latencies: number[];
  statuses: Record<number, number>;
  /** Seconds from the first request sent to the last answer read. */
  elapsed: number;
}

/** The answers' latencies and statuses, and the seconds from the first send to the last answer. */
async function send(
  requests: ClientRequest[],
  concurrency: number,
  request: (r: ClientRequest) => Promise<Response>,
): Promise<ClientResult> {
  const started = performance.now();
  const answers = await sendAll(requests, concurrency, request);
  return {
    latencies: answers.map((a) => a.answeredAt - a.sentAt),
    statuses: countStatuses(answers),
    elapsed: (performance.now() - started) / 1000,
  };
}

async function run({ port, concurrency, requests, warmup }: ClientInput): Promise<ClientResult> {
  const url = `http://127.0.0.1:${port}/api/reserveshop/checkout/`;
  const headers = (r: ClientRequest) => ({
    'content-type': 'application/json',
    cookie: `sid=${r.cookie}`,
    'x-csrf-token': r.csrf,
  });
  // Warm-up: quotes for the same members (read-only), so that the measured run meets a server
  // that has been answering for a while (JIT-compiled code, open pool connections), as a shop
  // at the start of a sale is.
  const warm = await send(requests.slice(0, warmup), concurrency, (r) =>
    fetch(`${url}quote/`, {
      method: 'POST',
      headers: headers(r),
      body: JSON.stringify({ shippingMethod: 'home_delivery', paymentMethod: 'credit_card' }),
    }),
  );
  if (warmup > 0 && warm.statuses[200] !== warmup) {
    throw new Error(`warm-up quotes answered ${JSON.stringify(warm.statuses)}`);
  }
  return send(requests, concurrency, (r) =>
    fetch(url, {
      method: 'POST',
      headers: { ...headers(r), 'idempotency-key': r.key },
      body: r.body,
    }),
  );
}

answerParent(run);
