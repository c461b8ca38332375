import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as it reached the receiver: its raw bytes and mailparser's reading of them. */
export interface Received {
  raw: string;
  parsed: ParsedMail;
  messageId: string;
}

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Every mail accepted, in arrival order, duplicates included. */
  received: Received[];
  /** Accepted mails by Message-ID: how many copies of each arrived. */
  copies(): Map<string, number>;
  /**
   * Refuses the next `count` mails at the end of DATA with this SMTP reply (451: try later;
   * 550: never).
   */
  refuse(count: number, responseCode: number): void;
  /** Refuses every recipient with 550 (unknown user) until called with false. */
  refuseRecipients(refuse: boolean): void;
  /** Resolves when `count` distinct Message-IDs have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** A real SMTP server in the test process (the nodemailer project's smtp-server), on loopback. */
export async function startSmtpReceiver(options: { parse?: boolean } = {}): Promise<SmtpReceiver> {
  const parse = options.parse ?? true;
  const received: Received[] = [];
  let refusals: { count: number; code: number } = { count: 0, code: 0 };
  let refuseRecipients = false;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 200,
    onRcptTo(_address, _session, callback) {
      if (refuseRecipients) return callback(smtpError('No such user', 550));
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.count > 0) {
          refusals.count--;
          return callback(smtpError('Try again later', refusals.code));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
        const done = (parsed: ParsedMail) => {
          received.push({ raw, parsed, messageId });
          for (const wake of waiters.splice(0)) wake();
          callback();
        };
        if (parse) simpleParser(raw).then(done, (error: Error) => callback(error));
        else done({} as ParsedMail);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const copies = () => {
    const counts = new Map<string, number>();
    for (const r of received) counts.set(r.messageId, (counts.get(r.messageId) ?? 0) + 1);
    return counts;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    copies,
    refuse(count, code) {
      refusals = { count, code };
    },
    refuseRecipients(refuse) {
      refuseRecipients = refuse;
    },
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (copies().size < count) {
        if (Date.now() > deadline) {
          throw new Error(`only ${copies().size} of ${count} mails arrived in ${timeoutMs} ms`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
