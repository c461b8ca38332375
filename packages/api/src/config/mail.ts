import { integerVariable, parseVariables, variable } from '../lib/environment';

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

/** Mail delivery's variables (see lib/environment.ts; docs/operations.md, "Mail"). */
export const MAIL_VARIABLES = {
  SMTP_URL: variable(
    {
      default: 'unset (local mailbox)',
      description:
        'the SMTP relay every mail goes through, `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; unset, mails are kept in `DATA_DIR/mailbox`, never sent (see "Mail")',
    },
    (raw) => smtpUrl(raw),
  ),
  MAIL_FROM: variable(
    {
      default: `\`${DEFAULT_MAIL_FROM}\``,
      description:
        'the From of every mail; its domain is the domain of every Message-ID, so it must be the same on every instance',
    },
    (raw) => fromAddress(raw || DEFAULT_MAIL_FROM),
  ),
  MAIL_CONCURRENCY: integerVariable(
    'mails one instance sends at once (SMTP connections of its pool); a worker claims twice as many at a time',
    8,
    { min: 1 },
  ),
  MAIL_MAX_ATTEMPTS: integerVariable(
    'failed attempts after which a mail is dead (the operator may queue it again)',
    8,
    { min: 1 },
  ),
  MAIL_RETRY_BASE_MS: integerVariable(
    "wait after a mail's first failure; it doubles with each failure, up to an hour",
    60_000,
    { min: 1 },
  ),
  MAIL_LEASE_MS: integerVariable(
    "how long a claimed mail is its worker's alone; past it another worker sends it again, with the same Message-ID",
    120_000,
    { min: 1 },
  ),
};

/** Reads MAIL_VARIABLES (and NODE_ENV for the local mailbox's view). */
export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const vars = parseVariables(MAIL_VARIABLES, env);
  const from = vars.MAIL_FROM;
  return {
    smtpUrl: vars.SMTP_URL,
    from,
    messageIdDomain: from.address.slice(from.address.lastIndexOf('@') + 1).toLowerCase(),
    concurrency: vars.MAIL_CONCURRENCY,
    maxAttempts: vars.MAIL_MAX_ATTEMPTS,
    retryBaseMs: vars.MAIL_RETRY_BASE_MS,
    leaseMs: vars.MAIL_LEASE_MS,
    mailboxView: vars.SMTP_URL === undefined && env.NODE_ENV !== 'production',
  };
}
