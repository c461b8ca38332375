import { CATEGORIES, formatYen, reservationTypeLabel } from '@shop/rules';
import { useState } from 'react';
import { Link } from 'wouter';
import { useCsvDownload } from '../../components/csv-download';
import { FilterForm } from '../../components/filter-form';
import { SelectField, TextField } from '../../components/form-field';
import { PageHeader } from '../../components/page';
import { KeysetTable } from '../../components/pager';
import { Badge } from '../../components/status-badge';
import { jstDateTime, releaseText } from '../../lib/format';
import { useCan } from '../../lib/session';
import { anyValue, type QueryShape, useListQuery } from '../../lib/url-query';
import type { AdminProductRow, AdminVariation } from './types';

const CATEGORY_OPTIONS = [
  { value: '', label: 'すべて' },
  ...CATEGORIES.map((c) => ({ value: c.value, label: c.label })),
];

/** The list's query as the URL carries it (the API's own names). */
const PRODUCT_QUERY: QueryShape<'q' | 'category' | 'cursor'> = {
  q: anyValue,
  category: anyValue,
  cursor: anyValue,
};

/** A variation's price as staff read it: yen, or 価格未定. */
export function priceText(variation: Pick<AdminVariation, 'unitPrice'>): string {
  return variation.unitPrice === null ? '価格未定' : formatYen(variation.unitPrice);
}

/**
 * 商品一覧: the catalog newest first, searched as the storefront searches (a JAN/ISBN finds its
 * product), one keyset page at a time; 新規登録, CSV import and export from here.
 */
export function ProductsPage() {
  const download = useCsvDownload();
  const canWrite = useCan('write');
  const { query, key, pages, go } = useListQuery<AdminProductRow>(
    '/catalog/products',
    PRODUCT_QUERY,
    'products/',
  );
  const [draft, setDraft] = useState({ q: query.q ?? '', category: query.category ?? '' });
  const [shownFor, setShownFor] = useState(key);
  if (shownFor !== key) {
    setShownFor(key);
    setDraft({ q: query.q ?? '', category: query.category ?? '' });
  }
  const apply = () => go({ q: draft.q.trim() || undefined, category: draft.category || undefined });
  return (
    <>
      <PageHeader
        title="商品一覧"
        actions={
          <>
            <button type="button" onClick={() => void download('products/export/', 'products.csv')}>
              CSVエクスポート
            </button>
            {canWrite ? (
              <>
                <Link href="/catalog/import" className="button-like">
                  CSVインポート
                </Link>
                <Link href="/catalog/products/new" className="button-like button-primary">
                  新規登録
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <FilterForm label="商品の検索" applyLabel="検索" onApply={apply}>
        <TextField
          label="キーワード・JAN/ISBN"
          type="search"
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          size={30}
        />
        <SelectField
          label="カテゴリ"
          options={CATEGORY_OPTIONS}
          value={draft.category}
          onChange={(event) => setDraft({ ...draft, category: event.target.value })}
        />
      </FilterForm>
      <KeysetTable<AdminProductRow>
        {...pages}
        caption={query.cursor ? '商品（続き）' : '商品（新しい順）'}
        rowKey={(row) => String(row.id)}
        empty="条件に合う商品はありません。"
        columns={[
          { header: 'ID', cell: (row) => row.id, numeric: true },
          {
            header: '商品名',
            cell: (row) => (
              <>
                <Link href={`/catalog/products/${row.id}`}>{row.title}</Link>
                {row.isAdult ? (
                  <>
                    {' '}
                    <Badge tone="warn">成人向け</Badge>
                  </>
                ) : null}
              </>
            ),
          },
          { header: 'JAN/ISBN', cell: (row) => row.isbn ?? '—' },
          { header: 'カテゴリ', cell: (row) => row.categories.join('・') },
          {
            header: '発売日',
            cell: (row) => releaseText(row.releaseDate, row.releaseDatePrecision),
          },
          {
            header: '予約',
            cell: (row) => reservationTypeLabel(row.reservationType ?? undefined) || '—',
          },
          {
            header: '版・価格・在庫',
            cell: (row) =>
              row.variations.map((v) => `${v.name} ${priceText(v)} 在庫${v.stock}`).join(' / '),
          },
          { header: '更新', cell: (row) => jstDateTime(row.updatedAt) },
        ]}
      />
    </>
  );
}
