import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { escapeHtml } from './layout';
import { type MailboxEntry, mailboxDir } from './mailer';

// The local mailbox's view for the developer or operator of a shop without SMTP_URL: the mails
// the shop would have sent, newest first, each readable as text, as HTML and as the raw .eml.
// Served only without SMTP_URL and outside production (config mail.mailboxView): it shows every
// member's mails to whoever reaches it.

const PAGE_STYLE =
  'body{font-family:sans-serif;margin:24px;color:#222}table{border-collapse:collapse}td,th{padding:4px 12px;border-bottom:1px solid #ddd;text-align:left}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}iframe{width:100%;height:70vh;border:1px solid #ccc}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

async function entries(deps: AppDeps): Promise<MailboxEntry[]> {
  const dir = mailboxDir(deps.config);
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names
    .filter((n) => /^\d+\.json$/.test(n))
    .sort()
    .reverse();
  return Promise.all(
    files.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as MailboxEntry),
  );
}

function fileOf(deps: AppDeps, id: string, extension: 'json' | 'eml'): string {
  return join(mailboxDir(deps.config), `${id.padStart(10, '0')}.${extension}`);
}

/** GET /dev/mailbox (the list), /dev/mailbox/:id (one mail) and /dev/mailbox/:id/raw (.eml). */
export function mailboxRoutes(deps: AppDeps) {
  return new Hono()
    .get('/', async (c) => {
      const list = await entries(deps);
      const rows = list
        .map(
          (m) =>
            `<tr><td>${escapeHtml(new Date(m.date).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.outboxId}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.kind)}</td></tr>`,
        )
        .join('');
      return c.html(
        page(
          'メールボックス',
          `<h1>メールボックス（${list.length}通）</h1><p>SMTP_URL が未設定のため、メールは送信されずここに保存されています（${escapeHtml(mailboxDir(deps.config))}）。</p>` +
            `<table><tr><th>日時</th><th>宛先</th><th>件名</th><th>種類</th></tr>${rows}</table>`,
        ),
      );
    })
    .get('/:id{[0-9]{1,10}}', async (c) => {
      const raw = await readFile(fileOf(deps, c.req.param('id'), 'json'), 'utf8').catch(() => null);
      if (raw === null)
        return c.html(page('見つかりません', '<p>メールが見つかりません。</p>'), 404);
      const m = JSON.parse(raw) as MailboxEntry;
      return c.html(
        page(
          m.subject,
          `<p><a href="/dev/mailbox">← 一覧</a> · <a href="/dev/mailbox/${m.outboxId}/raw">.eml</a></p>` +
            `<table><tr><th>件名</th><td>${escapeHtml(m.subject)}</td></tr><tr><th>宛先</th><td>${escapeHtml(m.to)}</td></tr>` +
            `<tr><th>Message-ID</th><td>${escapeHtml(m.messageId)}</td></tr><tr><th>種類</th><td>${escapeHtml(m.kind)}</td></tr></table>` +
            // The mail's own HTML, isolated: no script, no access to this page.
            `<h2>HTML</h2><iframe sandbox="" srcdoc="${escapeHtml(m.html)}"></iframe><h2>テキスト</h2><pre>${escapeHtml(m.text)}</pre>`,
        ),
      );
    })
    .get('/:id{[0-9]{1,10}}/raw', async (c) => {
      const eml = await readFile(fileOf(deps, c.req.param('id'), 'eml')).catch(() => null);
      if (eml === null) return c.text('not found', 404);
      return c.body(eml, 200, { 'content-type': 'message/rfc822' });
    });
}
