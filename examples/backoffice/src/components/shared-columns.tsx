import { jstDateTime } from '../lib/format';
import { mailKindLabel, mailState } from '../lib/mail';
import type { Column } from './data-table';
import { Badge } from './status-badge';

// Columns that tables on several pages show of the same records: a mail of the outbox (an order's
// mails, 通知の状況) and a staff action of the audit log (監査ログ, an order's 監査ログ).

/** A mail's 種類 (as the shopper's mail page names it) and its 状態 in the outbox. */
export function mailColumns<Mail extends { kind: string; state: string }>(): Column<Mail>[] {
  return [
    { header: '種類', cell: (m) => mailKindLabel(m.kind) },
    {
      header: '状態',
      cell: (m) => {
        const state = mailState(m.state);
        return <Badge tone={state.tone}>{state.label}</Badge>;
      },
    },
  ];
}

/** A staff action's 日時, スタッフ and 操作 (the audit log's action name). */
export function auditColumns<
  Entry extends { at: string; actor: string; action: string },
>(): Column<Entry>[] {
  return [
    { header: '日時', cell: (e) => jstDateTime(e.at) },
    { header: 'スタッフ', cell: (e) => e.actor },
    { header: '操作', cell: (e) => <code>{e.action}</code> },
  ];
}
