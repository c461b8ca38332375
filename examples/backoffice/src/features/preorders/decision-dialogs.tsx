import {
  formatReleaseDate,
  NOTIFICATION_KINDS,
  RELEASE_DATE_PRECISIONS,
  type ReleaseDatePrecision,
} from '@shop/rules';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/form-field';
import { api, errorMessage, fieldErrors } from '../../lib/api';
import { wholeNumber } from '../../lib/numbers';
import type { SummaryRow } from './types';

/** How precisely a release day is known, as the dialog offers it. */
const PRECISION_LABELS = {
  day: '日付まで決まっている',
  month_part: '上旬・中旬・下旬まで',
  month: '月まで',
} as const satisfies Record<ReleaseDatePrecision, string>;

/** POST variations/:id/price/'s answer. */
export interface PriceDecision {
  variationId: number;
  unitPrice: number;
  ordersPriced: number;
  notices: number;
  cardsAuthorised: number;
  cardsFailed: number;
}

/** POST products/:id/release-date/'s answer. */
export interface ReleaseChange {
  productId: number;
  newDate: string;
  newPrecision: ReleaseDatePrecision;
  ordersUpdated: number;
}

/**
 * 価格決定: the price of a 価格未定 edition. Every open order holding it is quoted again and its
 * shopper gets 価格決定のお知らせ (the API does both and answers how many).
 */
export function PriceDialog({
  row,
  onClose,
}: {
  row: SummaryRow;
  onClose: (decided: PriceDecision | null) => void;
}) {
  const [price, setPrice] = useState('');
  const [points, setPoints] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const unitPrice = wholeNumber(price);
    const pointValue = points.trim() === '' ? undefined : wholeNumber(points);
    const found: Record<string, string> = {};
    if (unitPrice === null || unitPrice < 1) {
      found.unitPrice = '価格は1円以上の整数（円・税込）で入力してください。';
    }
    if (pointValue === null) found.pointValue = '付与ポイントは0以上の整数で入力してください。';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onClose(
        await api.post<PriceDecision>(`variations/${row.variationId}/price/`, {
          unitPrice,
          ...(pointValue === undefined ? {} : { pointValue }),
        }),
      );
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title="価格決定" onClose={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <p>
          {row.title}（{row.variationName}）の価格を決めます。予約中の{row.orderCount}
          件の注文の金額が決まり、お客様に「{NOTIFICATION_KINDS.price_decided.label}」が送られます。
        </p>
        <TextField
          label="価格（円・税込）"
          inputMode="numeric"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={errors.unitPrice}
          required
        />
        <TextField
          label="付与ポイント"
          hint="空欄ならショップの標準の付与率で計算します。"
          inputMode="numeric"
          value={points}
          onChange={(event) => setPoints(event.target.value)}
          error={errors.pointValue}
        />
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            やめる
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            価格を決定する
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * 発売延期: a title's new release date, how precisely it is known and why. Open reservations
 * move with it and their shoppers get 発売延期のお知らせ.
 */
export function PostponeDialog({
  row,
  onClose,
}: {
  row: SummaryRow;
  onClose: (changed: ReleaseChange | null) => void;
}) {
  const [date, setDate] = useState('');
  const [precision, setPrecision] = useState<ReleaseDatePrecision>('day');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) found.releaseDate = '新しい発売日を入力してください。';
    if (!reason.trim())
      found.reason = '延期の理由を入力してください（お客様へのお知らせに載ります）。';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onClose(
        await api.post<ReleaseChange>(`products/${row.productId}/release-date/`, {
          releaseDate: date,
          precision,
          reason: reason.trim(),
        }),
      );
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title="発売延期" onClose={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <p>
          {row.title} の発売日を変更します（現在：
          {row.releaseDate
            ? formatReleaseDate({ date: row.releaseDate, precision: row.releaseDatePrecision })
            : '未定'}
          ）。予約中の注文のお客様に「{NOTIFICATION_KINDS.release_postponed.label}」が送られます。
        </p>
        <TextField
          label="新しい発売日"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={errors.releaseDate}
          required
        />
        <SelectField
          label="発売日の精度"
          value={precision}
          onChange={(event) => setPrecision(event.target.value as ReleaseDatePrecision)}
          error={errors.precision}
          options={RELEASE_DATE_PRECISIONS.map((value) => ({
            value,
            label: PRECISION_LABELS[value],
          }))}
        />
        {date ? (
          <p className="field-hint" role="status">
            お客様への表示：{formatReleaseDate({ date, precision })}
          </p>
        ) : null}
        <TextAreaField
          label="理由"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          maxLength={200}
          required
        />
        <FormError message={failure} />
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            やめる
          </button>
          <button type="submit" className="button-primary" disabled={busy}>
            発売日を変更する
          </button>
        </div>
      </form>
    </Dialog>
  );
}
