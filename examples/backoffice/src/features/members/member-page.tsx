import {
  formatJstDate,
  formatYen,
  orderStateLabel,
  POINT_ENTRY_KIND_LABELS,
  paymentMethod,
} from '@shop/rules';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { DataTable } from '../../components/data-table';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { Facts } from '../../components/facts';
import { FormError, TextAreaField, TextField } from '../../components/form-field';
import { LoadError, Loading, PageHeader } from '../../components/page';
import { Badge, OrderStateBadge } from '../../components/status-badge';
import { useToast } from '../../components/toast';
import { useAction } from '../../components/use-action';
import { api, errorMessage, fieldErrors } from '../../lib/api';
import { jstDateTime } from '../../lib/format';
import { signedWholeNumber } from '../../lib/numbers';
import { useCan } from '../../lib/session';
import { useQuery } from '../../lib/use-query';
import type {
  Lock,
  MemberDetail,
  MemberLocks,
  PointAdjustment,
  PointEntry,
  PointKind,
} from './types';

/**
 * The ledger's kinds as the member's own history names them (@shop/rules, shared with the
 * storefront's my page); typed over this page's kinds, so one the rules do not label fails here.
 */
const POINT_KINDS: Record<PointKind, string> = POINT_ENTRY_KIND_LABELS;

const LINK_PURPOSES: Record<string, string> = {
  password_reset: 'パスワード再設定',
  email_change: 'メールアドレス変更',
};

const MAX_ADJUSTMENT = 1_000_000;

function points(amount: number, signed = false): string {
  const text = `${Math.abs(amount).toLocaleString('ja-JP')}pt`;
  if (!signed) return `${amount < 0 ? '−' : ''}${text}`;
  return `${amount < 0 ? '−' : '+'}${text}`;
}

function lockText(lock: Lock): string {
  if (lock.lockedUntil) return `ロック中（${jstDateTime(lock.lockedUntil)}まで）`;
  return lock.failures > 0 ? `失敗${lock.failures}回` : 'なし';
}

function isLocked(locks: MemberLocks): boolean {
  return [locks.login, locks.takeover].some((l) => l.lockedUntil !== null || l.failures > 0);
}

/**
 * ポイント調整: an amount (+ adds, − takes) and the reason staff keep for it, checked here, then
 * confirmed with the balance it leaves before anything is sent (one ledger entry of kind adjust).
 */
export function PointsDialog({
  member,
  onClose,
}: {
  member: MemberDetail;
  onClose: (done: PointAdjustment | null) => void;
}) {
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ amount: number; reason: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const balance = member.points.balance;

  const check = (event: FormEvent) => {
    event.preventDefault();
    const amount = signedWholeNumber(amountText);
    const found: Record<string, string> = {};
    if (amount === null || amount === 0) {
      found.amount =
        '増減するポイントを、0以外の整数で入力してください（減らすときは −300 のように）。';
    } else if (Math.abs(amount) > MAX_ADJUSTMENT) {
      found.amount = '一度に増減できるのは1,000,000ポイントまでです。';
    } else if (balance + amount < 0) {
      found.amount = `残高（${points(balance)}）より多くは減らせません。`;
    }
    const trimmed = reason.trim();
    if (!trimmed) found.reason = '調整の理由を入力してください。';
    else if (trimmed.length > 200) found.reason = '理由は200文字以内で入力してください。';
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    setConfirming({ amount, reason: trimmed });
  };

  const send = async () => {
    if (!confirming) return;
    setBusy(true);
    setFailure(null);
    try {
      onClose(await api.post<PointAdjustment>(`members/${member.id}/points/`, confirming));
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <ConfirmDialog
        title="ポイント調整の確認"
        confirmLabel="調整する"
        busy={busy}
        danger={confirming.amount < 0}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void send()}
        message={
          <Facts
            items={{
              会員: `${member.name || '（未設定）'}（会員ID ${member.id}）`,
              増減: points(confirming.amount, true),
              残高: `${points(balance)} → ${points(balance + confirming.amount)}`,
              理由: confirming.reason,
            }}
          />
        }
      />
    );
  }

  return (
    <Dialog title="ポイント調整" onClose={() => onClose(null)}>
      <form onSubmit={check} noValidate>
        <p>
          現在の残高：{points(balance)}
          。調整は会員のポイント履歴に「ショップによる調整」と表示されます（理由はスタッフ向けで、会員には表示されません）。
        </p>
        <TextField
          label="増減するポイント"
          required
          inputMode="numeric"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={errors.amount}
          hint="増やすときは 500、減らすときは −300"
        />
        <TextAreaField
          label="理由"
          required
          rows={3}
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
        />
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            キャンセル
          </button>
          <button type="submit" className="button-primary">
            確認へ
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type Opened = 'points' | 'unlock' | null;

/**
 * 会員詳細: what staff need on the phone with a customer: profile, orders, the point ledger,
 * lock-outs, withdrawal and takeover; ポイント調整 and ロック解除 for staff who may write.
 */
export function MemberPage() {
  const { id } = useParams<{ id: string }>();
  const toast = useToast();
  const canWrite = useCan('write');
  const member = useQuery(`member-${id}`, () => api.get<MemberDetail>(`members/${id}/`));
  const [opened, setOpened] = useState<Opened>(null);
  const unlocking = useAction();

  if (member.status === 'loading') return <Loading />;
  if (member.status === 'error') return <LoadError error={member.error} onRetry={member.reload} />;
  const m = member.data;
  const withdrawn = m.withdrawnAt !== null;

  const unlock = async () => {
    const done = await unlocking.run(() => api.post<MemberLocks>(`members/${m.id}/unlock/`), {
      done: 'ロックを解除しました',
      failed: 'ロックを解除できませんでした',
    });
    if (done) member.reload();
    setOpened(null);
  };

  return (
    <>
      <PageHeader
        title={`${m.name || '（氏名未設定）'}（会員ID ${m.id}）`}
        actions={
          canWrite ? (
            <>
              <button type="button" onClick={() => setOpened('points')} disabled={withdrawn}>
                ポイント調整
              </button>
              <button
                type="button"
                onClick={() => setOpened('unlock')}
                disabled={!isLocked(m.locks)}
              >
                ロック解除
              </button>
            </>
          ) : null
        }
      />
      <div className="detail-grid">
        <section className="panel" aria-label="会員情報">
          <h2>会員情報</h2>
          <Facts
            items={{
              メールアドレス: m.email ?? '—',
              生年月日: m.birthDate ? formatJstDate(m.birthDate) : '—',
              登録: jstDateTime(m.createdAt),
              ログイン中のセッション: `${m.sessions}件`,
              退会: withdrawn ? (
                <Badge tone="neutral">{`退会済み（${jstDateTime(m.withdrawnAt)}）`}</Badge>
              ) : m.withdrawal.blockers.length > 0 ? (
                `退会できない理由：${m.withdrawal.blockers.map((b) => `${b.message}（${b.count}件）`).join('、')}`
              ) : (
                '退会できます'
              ),
              旧ショップの引き継ぎ: m.takeover.linked
                ? `引き継ぎ済み（${jstDateTime(m.takeover.linkedAt)}・旧会員ID ${m.takeover.legacyAccountId}・旧注文${m.takeover.legacyOrders}件）`
                : 'なし',
            }}
          />
        </section>
        <section className="panel" aria-label="ロック">
          <h2>ロック</h2>
          <Facts
            items={{
              ログイン: lockText(m.locks.login),
              引き継ぎ: lockText(m.locks.takeover),
              有効なメールのリンク:
                m.accountLinks.length === 0
                  ? 'なし'
                  : m.accountLinks
                      .map(
                        (l) =>
                          `${LINK_PURPOSES[l.purpose] ?? l.purpose}（${jstDateTime(l.expiresAt)}まで）`,
                      )
                      .join('、'),
            }}
          />
        </section>
      </div>
      <section aria-label="注文">
        <h2>
          注文 {m.orders.count}件・ご購入額 {formatYen(m.orders.spent)}
        </h2>
        <p>
          {m.orders.byState
            .map((s) => `${orderStateLabel(s.state) || s.state} ${s.count}件`)
            .join('・')}
          {m.orders.count > m.orders.recent.length ? (
            <>
              {' '}
              <Link href={`/orders?memberId=${m.id}`}>すべての注文を見る</Link>
            </>
          ) : null}
        </p>
        <DataTable
          caption="最近の注文（新しい順）"
          rows={m.orders.recent}
          rowKey={(o) => String(o.id)}
          empty="注文はありません。"
          columns={[
            { header: 'ご注文番号', cell: (o) => <Link href={`/orders/${o.id}`}>{o.id}</Link> },
            { header: '注文日時', cell: (o) => jstDateTime(o.placedAt) },
            { header: '状態', cell: (o) => <OrderStateBadge state={o.state} /> },
            { header: '種類', cell: (o) => (o.isReservation ? '予約' : '通常') },
            {
              header: '支払方法',
              cell: (o) => paymentMethod(o.paymentMethod)?.verboseName ?? o.paymentMethod,
            },
            { header: '合計', cell: (o) => formatYen(o.total), numeric: true },
          ]}
        />
      </section>
      <section aria-label="ポイント">
        <h2>ポイント 残高 {points(m.points.balance)}</h2>
        {m.points.nextExpiry ? (
          <p>
            {formatJstDate(m.points.nextExpiry.date)}に{points(m.points.nextExpiry.amount)}
            が有効期限を迎えます。
          </p>
        ) : null}
        <DataTable<PointEntry>
          caption="ポイント履歴（新しい順・最大50件）"
          rows={m.points.ledger}
          rowKey={(e) => String(e.id)}
          empty="ポイントの履歴はありません。"
          columns={[
            { header: '日時', cell: (e) => jstDateTime(e.createdAt) },
            { header: '種類', cell: (e) => POINT_KINDS[e.kind] },
            { header: '増減', cell: (e) => points(e.amount, true), numeric: true },
            {
              header: '注文・理由',
              cell: (e) =>
                e.orderId !== null ? (
                  <Link href={`/orders/${e.orderId}`}>ご注文番号 {e.orderId}</Link>
                ) : (
                  (e.reason ?? '—')
                ),
            },
          ]}
        />
      </section>
      {opened === 'points' ? (
        <PointsDialog
          member={m}
          onClose={(done) => {
            setOpened(null);
            if (done) {
              toast({
                title: `ポイントを${points(done.entry.amount, true)}調整しました`,
                description: `残高 ${points(done.balance)}`,
                tone: 'success',
              });
              member.reload();
            }
          }}
        />
      ) : null}
      {opened === 'unlock' ? (
        <ConfirmDialog
          title="ロック解除"
          message="この会員のログインと引き継ぎの失敗回数・ロックを消します。会員はすぐにログインできるようになります。"
          confirmLabel="解除する"
          busy={unlocking.busy}
          onCancel={() => setOpened(null)}
          onConfirm={() => void unlock()}
        />
      ) : null}
    </>
  );
}
