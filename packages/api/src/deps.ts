import type { AppConfig } from './config';
import type { Database } from './db/client';

/** What the app needs from the outside world; tests pass their own database and clock. */
export interface AppDeps {
  db: Database;
  config: AppConfig;
  /** The shop's clock; every time-dependent rule is evaluated against it. */
  now: () => Date;
  /** Where unexpected errors are reported (never to the client). */
  log: (message: string, error?: unknown) => void;
}
