import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A bounded queue in front of scarce work (the password gate, the image render gate). */
export interface ObservedGate {
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a turn now. */
  readonly waiting: number;
  /** Tasks turned away since the process started because the queue was full. */
  readonly refused: number;
}

/** Connections of a PostgreSQL pool (pg's Pool: totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** How one checkout confirm ended, for `shop_checkouts_total`. */
export type CheckoutOutcome =
  | { outcome: 'confirmed' }
  | { outcome: 'replayed' }
  | { outcome: 'refused'; reason: string };

/** Latency buckets in seconds: from a cached catalog read to a checkout waiting on the gateway. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics one app exposes at METRICS_PATH, in a registry of its own (several apps in one
 * test process never share counts). Every label takes few values: routes are the patterns the
 * router matched (`/api/products/:slug/`), never the requested path; refusal reasons are the
 * ApiError codes the checkout answers.
 */
export class ShopMetrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to the last byte of its answer, by route pattern; its _count is the request rate',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers: [this.registry],
  });

  readonly checkouts = new Counter({
    name: 'shop_checkouts_total',
    help: 'Checkout and reservation confirms by kind and outcome (confirmed, replayed, refused with the error code as reason)',
    labelNames: ['kind', 'outcome', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly gates = new Map<string, ObservedGate>();
  private readonly refusalsSeen = new Map<string, number>();
  private poolStats: (() => PoolStats | undefined) | undefined;

  constructor(options: { processMetrics?: boolean } = {}) {
    // Node's own (event loop lag, heap, CPU, file descriptors): the server's, not each test app's.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    const gates = this.gates;
    const refusalsSeen = this.refusalsSeen;
    const gateGauges = [
      {
        name: 'shop_gate_queue_depth',
        help: 'Tasks waiting in a bounded gate (password checks, image renders)',
        count: 'waiting',
      },
      { name: 'shop_gate_running', help: 'Tasks running in a bounded gate', count: 'running' },
    ] as const;
    for (const { name, help, count } of gateGauges) {
      new Gauge({
        name,
        help,
        labelNames: ['gate'] as const,
        registers: [this.registry],
        collect() {
          for (const [gateName, gate] of gates) this.set({ gate: gateName }, gate[count]);
        },
      });
    }
    new Counter({
      name: 'shop_gate_refusals_total',
      help: 'Tasks a bounded gate turned away (503 password_checks_busy, image_busy)',
      labelNames: ['gate'] as const,
      registers: [this.registry],
      collect() {
        for (const [name, gate] of gates) {
          this.inc({ gate: name }, gate.refused - (refusalsSeen.get(name) ?? 0));
          refusalsSeen.set(name, gate.refused);
        }
      },
    });
    const pool = () => this.poolStats?.();
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one (absent on the embedded database)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = pool();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** Reports `gate`'s queue, running tasks and refusals under the label `name`. */
  watchGate(name: string, gate: ObservedGate): void {
    this.gates.set(name, gate);
  }

  /** Reports the database pool's connections (a PostgreSQL server's; PGlite has no pool). */
  watchPool(stats: () => PoolStats | undefined): void {
    this.poolStats = stats;
  }

  recordCheckout(kind: string, result: CheckoutOutcome): void {
    this.checkouts.inc({
      kind,
      outcome: result.outcome,
      reason: result.outcome === 'refused' ? result.reason : '',
    });
  }
}
