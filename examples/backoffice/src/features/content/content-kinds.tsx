import { isValidSlug } from '@shop/rules';
import type { ReactNode } from 'react';
import { Badge } from '../../components/status-badge';
import { fromJstInput, toJstInput } from '../../lib/jst-input';
import { wholeNumber } from '../../lib/numbers';

// The three kinds of content the back office edits (docs/backoffice.md "Content"): their fields,
// how a typed field becomes the API's value, and their list columns. One description each, so
// one list page and one form serve news, showcases and the signed-book gallery.

export type ContentState = 'draft' | 'scheduled' | 'published' | 'running' | 'ended';

const STATE_LABELS = {
  draft: { text: '下書き', tone: 'neutral' },
  scheduled: { text: '公開予定', tone: 'warn' },
  published: { text: '公開中', tone: 'ok' },
  running: { text: '掲載中', tone: 'ok' },
  ended: { text: '掲載終了', tone: 'neutral' },
} as const satisfies Record<ContentState, { text: string; tone: 'ok' | 'warn' | 'neutral' }>;

export function ContentStateBadge({ state }: { state: ContentState }) {
  const label = STATE_LABELS[state];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}

export type FieldType = 'slug' | 'text' | 'longText' | 'instant' | 'id' | 'idList';

export interface FieldSpec {
  /** The API's field name. */
  name: string;
  label: string;
  type: FieldType;
  required?: boolean;
  max?: number;
  hint?: string;
}

/** An item as the API answers it: an id, a state, and the fields. */
export interface ContentItem {
  id: number;
  state: ContentState;
  title: string;
  slug: string;
  [field: string]: unknown;
}

export interface ContentKind {
  /** The API path under /api/admin/ and the page's path under /admin/content/. */
  path: 'news' | 'showcases' | 'gallery';
  /** The page's title, e.g. お知らせ. */
  title: string;
  fields: FieldSpec[];
  /** The field whose null makes a draft ('publishedAt' or 'startsAt'). */
  publication: string;
  /** Extra columns of the list, between the title and the state. */
  columns: { header: string; cell: (item: ContentItem) => ReactNode }[];
}

const SLUG: FieldSpec = {
  name: 'slug',
  label: 'スラッグ（URL）',
  type: 'slug',
  required: true,
  hint: '半角英数字・ハイフン・アンダースコア',
};
const TITLE: FieldSpec = {
  name: 'title',
  label: 'タイトル',
  type: 'text',
  required: true,
  max: 100,
};
const IMAGE: FieldSpec = {
  name: 'image',
  label: '画像のパス',
  type: 'text',
  required: true,
  hint: '/covers/〜.png（商品の表紙アップロードで作った画像も使えます）',
};

function instantCell(name: string) {
  return (item: ContentItem) => {
    const value = item[name];
    return typeof value === 'string' ? toJstInput(value).replace('T', ' ') : '—';
  };
}

export const NEWS: ContentKind = {
  path: 'news',
  title: 'お知らせ',
  publication: 'publishedAt',
  fields: [
    SLUG,
    TITLE,
    { name: 'category', label: 'カテゴリ', type: 'text', required: true, max: 20 },
    { name: 'body', label: '本文', type: 'longText', required: true, max: 4000 },
    {
      name: 'publishedAt',
      label: '公開日時（日本時間）',
      type: 'instant',
      hint: '空欄は下書き（公開しない）。未来の日時は予約公開',
    },
  ],
  columns: [
    { header: 'カテゴリ', cell: (item) => String(item.category) },
    { header: '公開日時', cell: instantCell('publishedAt') },
  ],
};

export const SHOWCASES: ContentKind = {
  path: 'showcases',
  title: '特集',
  publication: 'startsAt',
  fields: [
    SLUG,
    TITLE,
    { name: 'description', label: '説明', type: 'longText', required: true, max: 1000 },
    IMAGE,
    {
      name: 'startsAt',
      label: '掲載開始（日本時間）',
      type: 'instant',
      hint: '空欄は下書き（掲載しない）',
    },
    { name: 'endsAt', label: '掲載終了（日本時間）', type: 'instant', hint: '空欄は終了なし' },
    {
      name: 'productIds',
      label: '商品ID（並び順）',
      type: 'idList',
      hint: '読点・カンマ・空白で区切る（100件まで）',
    },
  ],
  columns: [
    { header: '掲載開始', cell: instantCell('startsAt') },
    { header: '掲載終了', cell: instantCell('endsAt') },
    {
      header: 'バナー',
      cell: (item) =>
        typeof item.bannerPosition === 'number' ? `${item.bannerPosition}番目` : '—',
    },
  ],
};

export const GALLERY: ContentKind = {
  path: 'gallery',
  title: 'サイン本ギャラリー',
  publication: 'publishedAt',
  fields: [
    SLUG,
    TITLE,
    { name: 'body', label: '本文', type: 'longText', required: true, max: 4000 },
    IMAGE,
    { name: 'authorId', label: '著者ID', type: 'id' },
    { name: 'productId', label: '商品ID', type: 'id' },
    {
      name: 'publishedAt',
      label: '公開日時（日本時間）',
      type: 'instant',
      hint: '空欄は下書き（公開しない）。未来の日時は予約公開',
    },
  ],
  columns: [{ header: '公開日時', cell: instantCell('publishedAt') }],
};

export type Draft = Record<string, string>;

/** An item's fields as the form shows them. */
export function draftOf(kind: ContentKind, item: ContentItem | null): Draft {
  const draft: Draft = {};
  for (const field of kind.fields) {
    const value = item?.[field.name];
    if (field.type === 'instant') draft[field.name] = toJstInput(value as string | null);
    else if (field.type === 'idList') draft[field.name] = ((value as number[]) ?? []).join(', ');
    else draft[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return draft;
}

/** The form's fields as the API takes them, or Japanese messages by field. */
export function bodyOf(
  kind: ContentKind,
  draft: Draft,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of kind.fields) {
    const raw = draft[field.name] ?? '';
    const text = raw.trim();
    switch (field.type) {
      case 'slug':
        if (!isValidSlug(text)) {
          errors[field.name] =
            'スラッグは半角英数字で始まり、半角英数字・ハイフン・アンダースコアだけで入力してください。';
        }
        body[field.name] = text;
        break;
      case 'text':
      case 'longText':
        if (field.required && !text) errors[field.name] = `${field.label}を入力してください。`;
        else if (field.max && text.length > field.max) {
          errors[field.name] =
            `${field.label}は${field.max.toLocaleString('ja-JP')}文字以内で入力してください。`;
        }
        body[field.name] = field.type === 'longText' ? raw.replace(/\s+$/, '') : text;
        break;
      case 'instant':
        body[field.name] = fromJstInput(text);
        break;
      case 'id': {
        const id = text === '' ? null : wholeNumber(text);
        if (text !== '' && (id === null || id < 1)) {
          errors[field.name] = `${field.label}は1以上の整数で入力してください。`;
        }
        body[field.name] = id;
        break;
      }
      case 'idList': {
        const parts = text === '' ? [] : text.split(/[\s,、，]+/).filter(Boolean);
        const ids = parts.map(wholeNumber);
        if (ids.some((id) => id === null || id < 1)) {
          errors[field.name] = `${field.label}は1以上の整数を区切って入力してください。`;
        } else if (new Set(ids).size !== ids.length) {
          errors[field.name] = '同じ商品IDが2回あります。';
        } else if (ids.length > 100) {
          errors[field.name] = '商品は100件までです。';
        }
        body[field.name] = ids;
        break;
      }
      default:
        field.type satisfies never;
    }
  }
  if (
    typeof body.startsAt === 'string' &&
    typeof body.endsAt === 'string' &&
    new Date(body.endsAt) <= new Date(body.startsAt)
  ) {
    errors.endsAt = '掲載終了は掲載開始より後の日時にしてください。';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}

/** The fields of `next` that differ from `before` (a PATCH sends only those). */
export function changes(
  before: Record<string, unknown>,
  next: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const old = before[key];
    const same =
      typeof value === 'string' && typeof old === 'string' && key.endsWith('At')
        ? new Date(value).getTime() === new Date(old).getTime()
        : JSON.stringify(old ?? null) === JSON.stringify(value);
    if (!same) changed[key] = value;
  }
  return changed;
}
