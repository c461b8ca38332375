import type { BotCheckVerifier } from './accounts/bot-check';
import type { AppConfig } from './config/app';
import type { Database } from './db/client';
import type { TestClock } from './lib/test-clock';
import type { ShopLogger } from './observability/logger';
import type { ShopMetrics } from './observability/metrics';
import type { PaymentGateway } from './payments/gateway';
import type { MemberOrders } from './services/member-orders';

/** What the app needs from the outside world; tests pass their own database and clock. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  /** The shop's clock; every time-dependent rule is evaluated against it. */
  now: () => Date;
  /** Where unexpected errors are reported (never to the client). */
  log: (message: string, error?: unknown) => void;
  /**
   * The structured log the access lines go to (the server's: JSON on stdout, see
   * observability/logger.ts, which `log` also writes to). Without one (tests), requests are
   * answered and measured but no access line is written.
   */
  logger?: ShopLogger;
  /** The metrics at METRICS_PATH; createApp makes a registry of its own when none is given. */
  metrics?: ShopMetrics;
  /** The card gateway (saved cards, payments); without one, card endpoints answer 503. */
  payments?: PaymentGateway;
  /** The contact form's bot check; without one, the check is disabled. */
  botCheck?: BotCheckVerifier;
  /** The orders side of withdrawal (open orders, erasure); without it, withdrawal answers 503. */
  memberOrders?: MemberOrders;
  /**
   * Whether the serving process is stopping (SIGTERM, server.ts): readiness answers 503 from
   * then on. Without it (tests, tools), the process never stops serving.
   */
  lifecycle?: { draining: boolean };
  /**
   * The clock `now` reads when TEST_CLOCK=on (never in production): /api/operator/test/ moves it. Absent
   * otherwise, and then no such route exists.
   */
  testClock?: TestClock;
}
