import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { startScheduler } from './jobs';
import { mailboxRoutes } from './mailbox-view';
import { createMailer, mailboxDir } from './mailer';
import { SCHEDULED_JOBS } from './schedule';
import { signingKey } from './unsubscribe';
import { startDeliveryWorker } from './worker';

/**
 * Starts this instance's share of the notifications: the delivery worker, the scheduled jobs,
 * and, with no SMTP_URL outside production, the local mailbox's view at /dev/mailbox. Returns
 * what stops them: the worker finishes the mails it holds first.
 */
export async function startNotifications(app: Hono, deps: AppDeps): Promise<() => Promise<void>> {
  const key = await signingKey(deps.db);
  const mailer = createMailer(deps.config);
  const worker = startDeliveryWorker(deps, mailer, key);
  const scheduler = startScheduler(deps, SCHEDULED_JOBS);
  if (deps.config.mail.mailboxView) app.route('/dev/mailbox', mailboxRoutes(deps));
  deps.log(
    mailer.kind === 'smtp'
      ? 'mail: sent through SMTP_URL'
      : `mail: no SMTP_URL, kept in ${mailboxDir(deps.config)}${deps.config.mail.mailboxView ? ' (read them at /dev/mailbox)' : ''}`,
  );
  return async () => {
    await Promise.all([worker.stop(), scheduler.stop()]);
    mailer.close();
  };
}
