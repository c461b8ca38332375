import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DataTable } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Facts } from '../../components/facts';
import { FormError, SelectField, TextAreaField } from '../../components/form-field';
import { Loaded } from '../../components/loaded';
import { PageHeader } from '../../components/page';
import { KeysetPager } from '../../components/pager';
import { Badge } from '../../components/status-badge';
import { useToast } from '../../components/toast';
import { type FieldMessages, useForm } from '../../components/use-form';
import { api } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useQuery } from '../../lib/use-query';

type ContactStatus = 'new' | 'in_progress' | 'done';

/** One message of the contact form (docs/backoffice.md "Contact inbox"). */
interface ContactMessage {
  id: number;
  memberId: number | null;
  name: string;
  email: string;
  category: string;
  body: string;
  createdAt: string;
  status: ContactStatus;
  note: string;
  updatedAt: string | null;
}

const STATUS_LABELS = {
  new: { text: '未対応', tone: 'warn' },
  in_progress: { text: '対応中', tone: 'neutral' },
  done: { text: '対応済み', tone: 'ok' },
} as const satisfies Record<ContactStatus, { text: string; tone: 'ok' | 'warn' | 'neutral' }>;

const STATUSES = Object.keys(STATUS_LABELS) as ContactStatus[];
const STATUS_OPTIONS = STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s].text }));
const FILTER_OPTIONS = [{ value: '', label: 'すべて' }, ...STATUS_OPTIONS];

function isStatus(value: string | null): value is ContactStatus {
  return value !== null && (STATUSES as string[]).includes(value);
}

/** 対応: the message in full, its status and the staff's note (never shown to the sender). */
function ContactDialog({
  message,
  onClose,
}: {
  message: ContactMessage;
  onClose: (saved: ContactMessage | null) => void;
}) {
  const canWrite = useCan('write');
  const form = useForm<{ status: ContactStatus; note: string }>({
    status: message.status,
    note: message.note,
  });
  const submit = form.onSubmit(
    ({ note }): FieldMessages =>
      note.length > 2000 ? { note: 'メモは2,000文字以内で入力してください。' } : {},
    async ({ status, note }) => {
      const body: { status?: ContactStatus; note?: string } = {};
      if (status !== message.status) body.status = status;
      if (note !== message.note) body.note = note;
      if (Object.keys(body).length === 0) return '変更はありません。';
      onClose(await api.patch<ContactMessage>(`contacts/${message.id}/`, body));
    },
  );
  return (
    <Dialog title={`お問い合わせ #${message.id}`} onClose={() => onClose(null)} wide>
      <Facts
        items={{
          受付: jstDateTime(message.createdAt),
          お名前: `${message.name || '（退会済みの会員）'}${message.memberId !== null ? `（会員ID ${message.memberId}）` : ''}`,
          メールアドレス: message.email ? (
            <a href={`mailto:${message.email}`}>{message.email}</a>
          ) : (
            '—'
          ),
          種類: message.category,
        }}
      />
      <p className="pre-line">{message.body}</p>
      <form onSubmit={submit} noValidate>
        <fieldset className="plain-fieldset" disabled={!canWrite}>
          <SelectField label="状態" options={STATUS_OPTIONS} {...form.field('status')} />
          <TextAreaField
            label="スタッフメモ"
            hint="お客様には表示されません"
            rows={4}
            {...form.field('note')}
          />
        </fieldset>
        <FormError message={form.failure} />
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            閉じる
          </button>
          {canWrite ? (
            <button type="submit" className="button-primary" disabled={form.busy}>
              保存する
            </button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}

/**
 * お問い合わせ: the contact form's messages newest first, filtered by status (in the URL);
 * each opens with its status and the staff's note.
 */
export function ContactsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const params = new URLSearchParams(search);
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const cursor = params.get('cursor') ?? undefined;
  const list = useQuery(`${status ?? ''}-${cursor ?? ''}`, () =>
    api.get<{ items: ContactMessage[]; nextCursor: string | null }>('contacts/', {
      status,
      cursor,
    }),
  );
  const [opened, setOpened] = useState<ContactMessage | null>(null);
  const go = (next: { status?: string; cursor?: string }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.cursor) query.set('cursor', next.cursor);
    const text = query.toString();
    navigate(text ? `/contacts?${text}` : '/contacts');
  };
  return (
    <>
      <PageHeader title="お問い合わせ" />
      <div className="filters">
        <SelectField
          label="状態"
          options={FILTER_OPTIONS}
          value={status ?? ''}
          onChange={(event) => go({ status: event.target.value || undefined })}
        />
      </div>
      <Loaded query={list}>
        {(loaded) => (
          <>
            <DataTable<ContactMessage>
              caption="お問い合わせ（新しい順）"
              rows={loaded.items}
              rowKey={(m) => String(m.id)}
              empty="該当するお問い合わせはありません。"
              columns={[
                { header: '受付', cell: (m) => jstDateTime(m.createdAt) },
                { header: 'お名前', cell: (m) => m.name || '（退会済みの会員）' },
                { header: '種類', cell: (m) => m.category },
                {
                  header: '内容',
                  cell: (m) => (m.body.length > 40 ? `${m.body.slice(0, 40)}…` : m.body),
                },
                {
                  header: '状態',
                  cell: (m) => (
                    <Badge tone={STATUS_LABELS[m.status].tone}>
                      {STATUS_LABELS[m.status].text}
                    </Badge>
                  ),
                },
                { header: 'メモ', cell: (m) => (m.note ? '✓' : '') },
                {
                  header: '操作',
                  cell: (m) => (
                    <button
                      type="button"
                      aria-label={`お問い合わせ #${m.id} を開く`}
                      onClick={() => setOpened(m)}
                    >
                      開く
                    </button>
                  ),
                },
              ]}
            />
            <KeysetPager
              nextCursor={loaded.nextCursor}
              atFirst={!cursor}
              onFirst={() => go({ status })}
              onNext={(next) => go({ status, cursor: next })}
            />
          </>
        )}
      </Loaded>
      {opened ? (
        <ContactDialog
          message={opened}
          onClose={(saved) => {
            setOpened(null);
            if (saved) {
              toast({ title: `お問い合わせ #${saved.id} を保存しました`, tone: 'success' });
              list.reload();
            }
          }}
        />
      ) : null}
    </>
  );
}
