// pnpm test:notify-crash: kills the server (SIGKILL) while it sends a batch of mails on
// PostgreSQL, restarts it, and counts what reached the SMTP receiver: every mail arrived, and
// none twice once deduplicated by Message-ID (a mail sent but not yet marked when the process
// died is sent again with the same Message-ID after its lease: receivers drop such copies).
// Prints one JSON line with the raw copies the receiver saw; exits non-zero if a mail is missing,
// a mail arrived under a Message-ID the outbox does not have, or the outbox is not all `sent`.
// CI runs it in the `pg` suite of scripts/check.mjs.
import { sql } from 'drizzle-orm';
import { startSmtpReceiver } from '../test/support/smtp-receiver';
import { freshDatabase, requirePostgres } from './lib/postgres';
import { freePort, startShopServer } from './lib/server';
import { queuePostponement } from './notify-support';

const MAILS = 2000;
const KILL_AFTER = 400;
const LEASE_MS = 2000;

const serverUrl = requirePostgres('test:notify-crash');
const { db, url, drop } = await freshDatabase(serverUrl, 'notify_crash');
const expected = await queuePostponement(db, MAILS);
const smtp = await startSmtpReceiver({ parse: false });
const port = await freePort();
const server = () =>
  startShopServer({
    port,
    databaseUrl: url,
    smtpUrl: smtp.url,
    env: { MAIL_LEASE_MS: String(LEASE_MS), MAIL_CONCURRENCY: '8' },
  });

// Phase 1: deliver, and a SIGKILL once KILL_AFTER mails have arrived.
let running = await server();
await smtp.waitFor(KILL_AFTER, 120_000);
running.child.kill('SIGKILL');
const arrivedAtKill = smtp.received.length;
await new Promise((resolve) => running.child.once('exit', resolve));
const [atKill] = await db.rows<{ sending: number; sent: number }>(
  sql`select count(*) filter (where state = 'sending')::int as sending,
             count(*) filter (where state = 'sent')::int as sent from notification_outbox`,
);

// Phase 2: restart; the mails the killed process held are sent again once their lease lapses.
running = await server();
let timedOut = false;
try {
  await smtp.waitFor(MAILS, 180_000);
} catch {
  timedOut = true;
}
// One more lease, so a copy still on its way would be counted.
await new Promise((r) => setTimeout(r, LEASE_MS * 2));
running.stop();
await new Promise((resolve) => running.child.once('exit', resolve));

const copies = smtp.copies();
const [states] = await db.rows<{ sent: number; other: number }>(
  sql`select count(*) filter (where state = 'sent')::int as sent,
             count(*) filter (where state <> 'sent')::int as other from notification_outbox`,
);
await smtp.close();
await drop();

const missing = [...expected].filter((id) => !copies.has(id)).length;
const unknown = [...copies.keys()].filter((id) => !expected.has(id)).length;
const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
const broken: string[] = [];
if (missing > 0 || timedOut) broken.push('mails_missing');
if (unknown > 0) broken.push('unknown_message_ids');
if (states?.sent !== MAILS || states.other !== 0) broken.push('outbox_not_all_sent');
console.log(
  JSON.stringify({
    ok: broken.length === 0,
    mails: MAILS,
    arrived_at_kill: arrivedAtKill,
    sending_at_kill: atKill?.sending,
    sent_at_kill: atKill?.sent,
    distinct_message_ids: copies.size,
    raw_arrivals: smtp.received.length,
    raw_duplicates: duplicates,
    missing,
    broken,
  }),
);
process.exit(broken.length === 0 ? 0 : 1);
