import type { PriceDecision } from '@shop/api/types';
import {
  formatReleaseDate,
  NOTIFICATION_KINDS,
  RELEASE_DATE_PRECISION_LABELS,
  RELEASE_DATE_PRECISIONS,
  type ReleaseDatePrecision,
} from '@shop/rules';
import { FormDialog } from '../../components/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { type FieldMessages, useFormDialog } from '../../components/use-form';
import { api } from '../../lib/api';
import { wholeNumber } from '../../lib/numbers';
import type { SummaryRow } from './types';

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
  const { form, dialog } = useFormDialog(
    { unitPrice: '', pointValue: '' },
    onClose,
    (values) => {
      const found: FieldMessages = {};
      const unitPrice = wholeNumber(values.unitPrice);
      if (unitPrice === null || unitPrice < 1) {
        found.unitPrice = '価格は1円以上の整数（円・税込）で入力してください。';
      }
      if (values.pointValue.trim() !== '' && wholeNumber(values.pointValue) === null) {
        found.pointValue = '付与ポイントは0以上の整数で入力してください。';
      }
      return found;
    },
    (values) =>
      api.post<PriceDecision>(`variations/${row.variationId}/price/`, {
        unitPrice: wholeNumber(values.unitPrice),
        // Left empty: the shop's standard point rate.
        ...(values.pointValue.trim() === '' ? {} : { pointValue: wholeNumber(values.pointValue) }),
      }),
  );

  return (
    <FormDialog title="価格決定" submitLabel="価格を決定する" {...dialog}>
      <p>
        {row.title}（{row.variationName}）の価格を決めます。予約中の{row.orderCount}
        件の注文の金額が決まり、お客様に「{NOTIFICATION_KINDS.price_decided.label}」が送られます。
      </p>
      <TextField
        label="価格（円・税込）"
        inputMode="numeric"
        {...form.field('unitPrice')}
        required
      />
      <TextField
        label="付与ポイント"
        hint="空欄ならショップの標準の付与率で計算します。"
        inputMode="numeric"
        {...form.field('pointValue')}
      />
    </FormDialog>
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
  const { form, dialog } = useFormDialog<
    { releaseDate: string; precision: ReleaseDatePrecision; reason: string },
    ReleaseChange
  >(
    { releaseDate: '', precision: 'day', reason: '' },
    onClose,
    (values) => {
      const found: FieldMessages = {};
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.releaseDate)) {
        found.releaseDate = '新しい発売日を入力してください。';
      }
      if (!values.reason.trim()) {
        found.reason = '延期の理由を入力してください（お客様へのお知らせに載ります）。';
      }
      return found;
    },
    (values) =>
      api.post<ReleaseChange>(`products/${row.productId}/release-date/`, {
        ...values,
        reason: values.reason.trim(),
      }),
  );
  const { releaseDate, precision } = form.values;

  return (
    <FormDialog title="発売延期" submitLabel="発売日を変更する" {...dialog}>
      <p>
        {row.title} の発売日を変更します（現在：
        {row.releaseDate
          ? formatReleaseDate({ date: row.releaseDate, precision: row.releaseDatePrecision })
          : '未定'}
        ）。予約中の注文のお客様に「{NOTIFICATION_KINDS.release_postponed.label}」が送られます。
      </p>
      <TextField label="新しい発売日" type="date" {...form.field('releaseDate')} required />
      <SelectField
        label="発売日の精度"
        {...form.field('precision')}
        options={RELEASE_DATE_PRECISIONS.map((value) => ({
          value,
          label: RELEASE_DATE_PRECISION_LABELS[value],
        }))}
      />
      {releaseDate ? (
        <p className="field-hint" role="status">
          お客様への表示：{formatReleaseDate({ date: releaseDate, precision })}
        </p>
      ) : null}
      <TextAreaField label="理由" {...form.field('reason')} maxLength={200} required />
    </FormDialog>
  );
}
