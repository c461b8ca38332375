import { afterAll, beforeAll } from 'vitest';
import { loadMailConfig } from '../../src/config/mail';
import { createMailer, type Mailer } from '../../src/notifications/mailer';
import { signingKey } from '../../src/notifications/unsubscribe';
import { deliverDue } from '../../src/notifications/worker';
import { type OrdersTestApp, ordersTestApp } from './orders-app';
import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver';

/** The shop's public origin in the mail tests: the links in the mails start with it. */
export const SHOP_ORIGIN = 'https://shop.example';

/** An orders test app whose mails go to a real SMTP receiver, with the worker's parts. */
export interface MailTestApp extends OrdersTestApp {
  smtp: SmtpReceiver;
  mailer: Mailer;
  /** The shop's signing key of unsubscribe and cancellation links. */
  key: Buffer;
  /** Delivers every due mail now (as many worker passes as it takes). */
  deliverAll(): Promise<void>;
}

/**
 * The shop of a mail test file, opened before its tests and closed after them (vitest hooks of
 * the calling file): `ordersTestApp` on its own database, SMTP_URL on an SMTP receiver in
 * the process, the public origin `SHOP_ORIGIN`. Its fields are there once the file's `beforeAll`
 * hooks have run, as a `let` assigned in `beforeAll` would be.
 */
export function mailTestApp(
  options: {
    poolSize?: number;
    /** The worker's parallel sends. */
    concurrency?: number;
    /** More of the mail environment (MAIL_MAX_ATTEMPTS, ...). */
    env?: Record<string, string>;
  } = {},
): MailTestApp {
  const t = ordersTestApp(
    options.poolSize === undefined ? {} : { poolSize: options.poolSize },
  ) as MailTestApp;
  beforeAll(async () => {
    const smtp = await startSmtpReceiver();
    t.deps.config.publicOrigin = SHOP_ORIGIN;
    t.deps.config.mail = {
      ...loadMailConfig({ SMTP_URL: smtp.url, ...options.env }),
      concurrency: options.concurrency ?? 4,
    };
    const mailer = createMailer(t.deps.config);
    const key = await signingKey(t.db);
    const deliverAll = async () => {
      while ((await deliverDue(t.deps, mailer, key)) > 0) {}
    };
    Object.assign(t, { smtp, mailer, key, deliverAll });
  });
  afterAll(async () => {
    t.mailer?.close();
    await t.smtp?.close();
  });
  return t;
}
