/** Mail delivery, read from the environment once at start (see docs/operations.md "Mail"). */
export interface MailConfig {
  /**
   * SMTP_URL: the relay every mail goes through (`smtp://user:pass@host:587`, `smtps://...:465`).
   * Unset: every mail is written to DATA_DIR/mailbox instead, never sent (the local mailbox).
   */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of every mail, `本の店 <shop@localhost>` by default. */
  from: { name: string; address: string };
  /** The domain of every Message-ID: MAIL_FROM's, the same on every instance. */
  messageIdDomain: string;
  /** MAIL_CONCURRENCY: mails one instance sends at once (SMTP connections of its pool). */
  concurrency: number;
  /** MAIL_MAX_ATTEMPTS: failed attempts after which a mail is dead (the operator may retry it). */
  maxAttempts: number;
  /** MAIL_RETRY_BASE_MS: the wait after the first failure; it doubles per failure, up to an hour. */
  retryBaseMs: number;
  /**
   * MAIL_LEASE_MS: how long a claimed batch is a worker's alone; past it (the instance died),
   * another worker sends it again, with the same Message-ID.
   */
  leaseMs: number;
  /** GET /dev/mailbox is served: no SMTP_URL and NODE_ENV is not `production`. */
  mailboxView: boolean;
}

export const DEFAULT_MAIL_FROM = '本の店 <shop@localhost>';

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** `名前 <user@domain>` or `user@domain`. */
function fromAddress(value: string): MailConfig['from'] {
  const match = /^\s*(?:(.*?)\s*<([^<>\s@]+@[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (address === undefined) {
    throw new Error(
      `MAIL_FROM must be an address such as "本の店 <shop@example.jp>" (got ${value})`,
    );
  }
  return { name: match?.[1]?.replace(/^"|"$/g, '') ?? '', address };
}

function smtpUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:pass@smtp.example.jp:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  return value;
}

/**
 * Reads SMTP_URL, MAIL_FROM, MAIL_CONCURRENCY, MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_MS and
 * MAIL_LEASE_MS (and NODE_ENV for the local mailbox's view).
 */
export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const from = fromAddress(env.MAIL_FROM || DEFAULT_MAIL_FROM);
  const url = smtpUrl(env.SMTP_URL);
  return {
    smtpUrl: url,
    from,
    messageIdDomain: from.address.slice(from.address.lastIndexOf('@') + 1).toLowerCase(),
    concurrency: positive(env.MAIL_CONCURRENCY, 8, 'MAIL_CONCURRENCY'),
    maxAttempts: positive(env.MAIL_MAX_ATTEMPTS, 8, 'MAIL_MAX_ATTEMPTS'),
    retryBaseMs: positive(env.MAIL_RETRY_BASE_MS, 60_000, 'MAIL_RETRY_BASE_MS'),
    leaseMs: positive(env.MAIL_LEASE_MS, 120_000, 'MAIL_LEASE_MS'),
    mailboxView: url === undefined && env.NODE_ENV !== 'production',
  };
}
