import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { AppConfig } from '../config/app';

/** A composed mail, ready to go: the worker's Message-ID, From, To, Date and both parts. */
export interface OutgoingMail extends Mail.Options {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mails go: an SMTP relay (SMTP_URL), or the local mailbox in the data folder. */
export interface Mailer {
  kind: 'smtp' | 'mailbox';
  /** Resolves once the relay accepted it (or it is on disk); rejects with nodemailer's error. */
  send(mail: OutgoingMail, meta: { outboxId: number; kind: string }): Promise<void>;
  close(): void;
}

/** The folder of the local mailbox: one `<outbox id>.eml` and one `<outbox id>.json` per mail. */
export function mailboxDir(config: AppConfig): string {
  return join(config.dataDir, 'mailbox');
}

/** What the mailbox's view lists: one JSON file beside each .eml. */
export interface MailboxEntry {
  outboxId: number;
  kind: string;
  messageId: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

/** SMTP through a pool of MAIL_CONCURRENCY connections, or the local mailbox without SMTP_URL. */
export function createMailer(config: AppConfig): Mailer {
  const { smtpUrl, concurrency } = config.mail;
  if (smtpUrl !== undefined) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: concurrency,
      // A relay that stops answering must not hold a claim past its lease (MAIL_LEASE_MS).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail(mail);
      },
      close: () => transport.close(),
    };
  }
  // Composed exactly as it would be sent (RFC 2047 headers, both parts), kept, never sent.
  const compose = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = mailboxDir(config);
  return {
    kind: 'mailbox',
    async send(mail, { outboxId, kind }) {
      const info = await compose.sendMail(mail);
      await mkdir(dir, { recursive: true });
      // Named by outbox id: a mail sent again after a crash overwrites its own copy.
      const base = join(dir, String(outboxId).padStart(10, '0'));
      await writeFile(`${base}.eml`, info.message as Buffer);
      const entry: MailboxEntry = {
        outboxId,
        kind,
        messageId: mail.messageId,
        to: mail.to,
        subject: mail.subject,
        date: (mail.date instanceof Date ? mail.date : new Date()).toISOString(),
        text: mail.text,
        html: mail.html,
      };
      await writeFile(`${base}.json`, JSON.stringify(entry));
    },
    close: () => compose.close(),
  };
}
