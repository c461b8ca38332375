import { sql } from 'drizzle-orm';
import { PAYMENT_JOBS } from '../services/payment-deadlines';
import { pointExpiryJob } from '../services/point-expiry';
import { priceDecidedAuthorizations } from '../services/price-decision';
import { favoriteDigest } from './favorite-digest';
import type { ScheduledJob } from './jobs';

/** How long sent and skipped mails stay in the outbox (their dedupe keys with them). */
export const OUTBOX_RETENTION_DAYS = 30;

/** Keeps the outbox to what is pending, dead, or recent enough to look into. */
const pruneOutbox: ScheduledJob = {
  name: 'outbox_prune',
  intervalMs: 60 * 60 * 1000,
  async run(deps, now) {
    const before = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    await deps.db.rows(
      sql`delete from notification_outbox
          where state in ('sent', 'skipped') and updated_at < ${before.toISOString()}`,
    );
  },
};

/**
 * The shop's scheduled jobs, started with the server (start.ts): each runs once per interval
 * across every instance. Add a job here: a unique name, an interval and an idempotent handler.
 */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  pruneOutbox,
  favoriteDigest,
  ...PAYMENT_JOBS,
  pointExpiryJob,
  priceDecidedAuthorizations,
];
