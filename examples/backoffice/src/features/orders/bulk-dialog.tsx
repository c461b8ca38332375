import {
  CARRIER_NAMES,
  CARRIERS,
  type CarrierName,
  NOTIFICATION_KINDS,
  normalizeTrackingNumber,
} from '@shop/rules';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { Dialog, FormDialog } from '../../components/dialog';
import { TextAreaField } from '../../components/form-field';
import { Badge, OrderStateBadge } from '../../components/status-badge';
import { type FieldMessages, useForm } from '../../components/use-form';
import { api } from '../../lib/api';
import type { BulkResult, OrderRow } from './types';

export type BulkKind = 'payment' | 'ship' | 'cancel';

const TITLES = {
  payment: '入金確認',
  ship: '発送',
  cancel: 'キャンセル',
} as const satisfies Record<BulkKind, string>;

/** What the staff member types per order to ship it. */
interface Parcel {
  carrier: CarrierName;
  trackingNumber: string;
}

/** The Japanese message for a tracking number the carrier would not take; null when it would. */
export function trackingNumberProblem(carrier: CarrierName, input: string): string | null {
  if (!input.trim()) return '追跡番号を入力してください。';
  if (normalizeTrackingNumber(carrier, input) !== null) return null;
  const { label, digits } = CARRIERS[carrier];
  return `追跡番号は${label}の${digits.join('桁・')}桁の数字で入力してください。`;
}

/** The per-order outcome of a bulk action (or of a tracking CSV), as a table. */
export function BulkResults({
  results,
  numberOf,
}: {
  results: readonly BulkResult[];
  numberOf: (id: number) => string;
}) {
  const failed = results.filter((r) => !r.ok).length;
  return (
    <>
      <p role="status">
        {results.length}件中 {results.length - failed}件を処理しました
        {failed > 0 ? `（${failed}件は処理できませんでした）` : ''}。
      </p>
      <DataTable
        caption="注文ごとの結果"
        rows={results}
        rowKey={(r) => String(r.id)}
        columns={[
          { header: 'ご注文番号', cell: (r) => numberOf(r.id) },
          {
            header: '結果',
            cell: (r) =>
              r.ok ? <Badge tone="ok">完了</Badge> : <Badge tone="error">できませんでした</Badge>,
          },
          {
            header: '状態・理由',
            cell: (r) => (r.ok ? <OrderStateBadge state={r.order.state} /> : r.message),
          },
        ]}
      />
    </>
  );
}

/**
 * One bulk action on the selected orders (docs/backoffice.md "Bulk actions"): 入金確認, 発送
 * (a carrier and tracking number per order) or キャンセル (a reason). The API acts on each order
 * in its own transaction and answers one result per order; the dialog then shows which were done
 * and why the others were refused.
 */
export function BulkDialog({
  kind,
  orders,
  onClose,
}: {
  kind: BulkKind;
  orders: readonly OrderRow[];
  /** `changed`: some order was acted on, so the list is to be read again. */
  onClose: (changed: boolean) => void;
}) {
  const [parcels, setParcels] = useState<Record<number, Parcel>>(() =>
    Object.fromEntries(orders.map((o) => [o.id, { carrier: 'yamato', trackingNumber: '' }])),
  );
  const form = useForm({ reason: '' });
  const [results, setResults] = useState<BulkResult[] | null>(null);
  const numberOf = (id: number) => orders.find((o) => o.id === id)?.number ?? String(id);

  const setParcel = (id: number, change: Partial<Parcel>) =>
    setParcels((current) => ({ ...current, [id]: { ...(current[id] as Parcel), ...change } }));

  const submit = form.onSubmit(
    ({ reason }) => {
      const found: FieldMessages = {};
      if (kind === 'cancel' && !reason.trim())
        found.reason = 'キャンセルの理由を入力してください。';
      if (kind === 'ship') {
        for (const order of orders) {
          const parcel = parcels[order.id] as Parcel;
          const problem = trackingNumberProblem(parcel.carrier, parcel.trackingNumber);
          if (problem) found[`tracking-${order.id}`] = problem;
        }
      }
      return found;
    },
    async ({ reason }) => {
      const orderIds = orders.map((o) => o.id);
      const answer =
        kind === 'payment'
          ? await api.post<{ results: BulkResult[] }>('orders/bulk/payment-received/', { orderIds })
          : kind === 'cancel'
            ? await api.post<{ results: BulkResult[] }>('orders/bulk/cancel/', {
                orderIds,
                reason: reason.trim(),
              })
            : await api.post<{ results: BulkResult[] }>('orders/bulk/ship/', {
                shipments: orders.map((o) => ({ orderId: o.id, ...(parcels[o.id] as Parcel) })),
              });
      setResults(answer.results);
    },
  );

  const title = `${TITLES[kind]}（${orders.length}件）`;
  if (results) {
    return (
      <Dialog title={`${title}の結果`} wide onClose={() => onClose(true)}>
        <BulkResults results={results} numberOf={numberOf} />
        <div className="dialog-actions">
          <button type="button" className="button-primary" onClick={() => onClose(true)}>
            一覧に戻る
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <FormDialog
      title={title}
      submitLabel={`${TITLES[kind]}する`}
      {...form.dialog(submit, () => onClose(false))}
      danger={kind === 'cancel'}
      wide={kind === 'ship'}
    >
      {kind === 'payment' ? (
        <p>
          選んだ{orders.length}
          件の注文の入金を確認済みにします。お客様に「{NOTIFICATION_KINDS.payment_received.label}
          」が送られます。
        </p>
      ) : null}
      {kind === 'cancel' ? (
        <>
          <p>
            選んだ{orders.length}
            件の注文をキャンセルします。在庫・特典・ポイントは戻り、お客様に「
            {NOTIFICATION_KINDS.order_cancelled.label}」が送られます。元に戻せません。
          </p>
          <TextAreaField
            label="キャンセル理由"
            hint="お客様へのお知らせと監査ログに記録されます。"
            {...form.field('reason')}
            maxLength={200}
            required
          />
        </>
      ) : null}
      {kind === 'ship' ? (
        <div className="table-frame">
          <table className="data-table">
            <caption>注文ごとの配送業者と追跡番号</caption>
            <thead>
              <tr>
                <th scope="col">ご注文番号</th>
                <th scope="col">お客様</th>
                <th scope="col">配送業者</th>
                <th scope="col">追跡番号</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const parcel = parcels[order.id] as Parcel;
                const error = form.errors[`tracking-${order.id}`];
                return (
                  <tr key={order.id}>
                    <td>{order.number}</td>
                    <td>{order.member.name}</td>
                    <td>
                      <select
                        aria-label={`注文 ${order.number} の配送業者`}
                        value={parcel.carrier}
                        onChange={(event) =>
                          setParcel(order.id, { carrier: event.target.value as CarrierName })
                        }
                      >
                        {CARRIER_NAMES.map((name) => (
                          <option key={name} value={name}>
                            {CARRIERS[name].label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        aria-label={`注文 ${order.number} の追跡番号`}
                        inputMode="numeric"
                        value={parcel.trackingNumber}
                        aria-invalid={error ? true : undefined}
                        onChange={(event) =>
                          setParcel(order.id, { trackingNumber: event.target.value })
                        }
                      />
                      {error ? (
                        <p className="field-error" role="alert">
                          {error}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </FormDialog>
  );
}
