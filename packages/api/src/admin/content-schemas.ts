import { isValidSlug } from '@shop/rules';
import * as z from 'zod';
import { CONTACT_STATUSES } from '../db/schema/accounts';
import { isContentImagePath } from '../images/sources';
import { shopperText } from '../lib/shopper-text';
import { listQueryFields } from './list-page';

// Requests and answers of the back office's content: news, showcases (their images are the top
// page's banners), the signed-book gallery, the banner order and the contact inbox
// (docs/backoffice.md, "Content"). Field names are camelCase like every area outside the
// catalog's wire format.

const slugField = z
  .string({ error: 'URL名を入力してください' })
  .max(64, { error: 'URL名は64文字以内で入力してください' })
  .refine(isValidSlug, { error: 'URL名は英数字・ハイフン・下線で入力してください' })
  .meta({ description: 'The address on the storefront (`/news/{slug}`); unique' });

/** An instant with its offset (`2026-12-01T10:00:00+09:00`), or null for a draft. */
const publicationField = (label: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${label}を時差（タイムゾーン）付きの日時で指定してください`,
    })
    .nullable();

const imageField = z
  .string({ error: '画像を指定してください' })
  .refine(isContentImagePath, {
    error: '画像のパスが正しくありません。表紙画像と同じ形式のパスを指定してください',
  })
  .meta({ description: 'An image path /_image serves, `/covers/{name}.png`' });

const idList = (label: string, max: number) =>
  z
    .array(z.int({ error: `${label}のIDは整数で指定してください` }).positive(), {
      error: `${label}のIDを配列で指定してください`,
    })
    .max(max, { error: `${label}は${max}件までです` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `${label}が重複しています` });

/** What every content item (news, showcase, gallery entry) is written with first. */
const itemFields = {
  slug: slugField,
  title: shopperText({ label: 'タイトル', max: 100, required: true }),
};

// 4,000 characters: with the other fields, within the API's 16 KB body limit in UTF-8.
const bodyField = shopperText({ label: '本文', max: 4000, required: true, multiline: true });

/** What every content item answers with first. */
const adminItemFields = { id: z.int(), slug: z.string(), title: z.string() };

/** A PATCH body changes at least one field. */
const someField = <T extends z.ZodObject>(schema: T) =>
  schema.partial().refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: '変更する項目を指定してください',
  });

// ── news ──

const newsFields = {
  ...itemFields,
  category: shopperText({ label: 'カテゴリ', max: 20, required: true }),
  body: bodyField,
  publishedAt: publicationField('公開日時').meta({
    description: 'When it shows on the storefront (a future instant schedules it); null: a draft',
  }),
};
export const newsInputSchema = z.strictObject(newsFields);
export const newsPatchSchema = someField(z.strictObject(newsFields));
export type NewsInput = z.infer<typeof newsInputSchema>;

/** Where a news entry or gallery entry stands at the shop's `now`. */
export const PUBLICATION_STATES = ['draft', 'scheduled', 'published'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

export const adminNewsSchema = z.object({
  ...adminItemFields,
  category: z.string(),
  body: z.string(),
  publishedAt: z.iso.datetime().nullable(),
  state: z.enum(PUBLICATION_STATES),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

// ── showcases ──

const showcaseFields = {
  ...itemFields,
  description: shopperText({ label: '説明', max: 1000, required: true, multiline: true }),
  image: imageField,
  startsAt: publicationField('開始日時').meta({
    description: 'When it starts showing; null: a draft',
  }),
  endsAt: publicationField('終了日時').meta({
    description: 'When it stops showing (after startsAt); null: open-ended',
  }),
  productIds: idList('商品', 100).meta({ description: 'Its products, in the order shown' }),
};

const windowInOrder = (body: { startsAt?: string | null; endsAt?: string | null }) =>
  !body.startsAt || !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt);
const WINDOW_MESSAGE = { error: '終了日時は開始日時より後にしてください', path: ['endsAt'] };

export const showcaseInputSchema = z
  .strictObject(showcaseFields)
  .refine(windowInOrder, WINDOW_MESSAGE);
/** A PATCH's window is checked again against the stored one by the service. */
export const showcasePatchSchema = someField(z.strictObject(showcaseFields)).refine(
  windowInOrder,
  WINDOW_MESSAGE,
);
export type ShowcaseInput = z.infer<typeof showcaseInputSchema>;

export const SHOWCASE_STATES = ['draft', 'scheduled', 'running', 'ended'] as const;
export type ShowcaseState = (typeof SHOWCASE_STATES)[number];

export const adminShowcaseSchema = z.object({
  ...adminItemFields,
  description: z.string(),
  image: z.string(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  bannerPosition: z.int().nullable().meta({
    description: 'Its place on the top page banners (1 first), null when not placed',
  }),
  productIds: z.array(z.int()),
  state: z.enum(SHOWCASE_STATES),
});
export type AdminShowcase = z.infer<typeof adminShowcaseSchema>;

// ── the top page's banners ──

export const bannerOrderSchema = z.strictObject({
  showcaseIds: idList('特集', 20).meta({
    description:
      'The showcases placed on the top page banners, first first; every other showcase is taken off',
  }),
});

export const bannerSchema = z.object({
  position: z.int(),
  showcaseId: z.int(),
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  state: z.enum(SHOWCASE_STATES).meta({
    description: 'Only a `running` showcase shows; a placed one shows in its window',
  }),
});
export const bannerListSchema = z.object({ items: z.array(bannerSchema) });
export type BannerList = z.infer<typeof bannerListSchema>;

// ── the signed-book gallery ──

const galleryFields = {
  ...itemFields,
  body: bodyField,
  image: imageField,
  authorId: z.int({ error: '作者のIDは整数で指定してください' }).positive().nullable(),
  productId: z.int({ error: '商品のIDは整数で指定してください' }).positive().nullable(),
  publishedAt: publicationField('公開日時').meta({
    description: 'When it shows on the storefront; null: a draft',
  }),
};
export const galleryInputSchema = z.strictObject(galleryFields);
export const galleryPatchSchema = someField(z.strictObject(galleryFields));
export type GalleryInput = z.infer<typeof galleryInputSchema>;

export const adminGalleryEntrySchema = z.object({
  ...adminItemFields,
  body: z.string(),
  image: z.string(),
  authorId: z.int().nullable(),
  productId: z.int().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  state: z.enum(PUBLICATION_STATES),
});
export type AdminGalleryEntry = z.infer<typeof adminGalleryEntrySchema>;

// ── the contact inbox ──

export const contactListQuery = z.strictObject({
  status: z
    .enum(CONTACT_STATUSES, {
      error: 'ステータスは未対応・対応中・完了のいずれかを指定してください',
    })
    .optional()
    .meta({ description: 'Only messages in this status' }),
  ...listQueryFields,
});

export const contactPatchSchema = someField(
  z.strictObject({
    status: z.enum(CONTACT_STATUSES, {
      error: 'ステータスは未対応・対応中・完了のいずれかを指定してください',
    }),
    note: shopperText({ label: 'メモ', max: 2000, required: false, multiline: true }).meta({
      description: "The staff's internal note (never shown to the sender); empty clears it",
    }),
  }),
);
export type ContactPatch = z.infer<typeof contactPatchSchema>;

export const contactMessageSchema = z.object({
  id: z.int(),
  memberId: z.int().nullable(),
  name: z.string().meta({ description: "The sender's name (empty once a member withdrew)" }),
  email: z.string().meta({ description: "The sender's address (empty once a member withdrew)" }),
  category: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(CONTACT_STATUSES),
  note: z.string(),
  updatedAt: z.iso.datetime().nullable().meta({
    description: 'When the staff last changed its status or note',
  }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contentListQuery = z.strictObject(listQueryFields);
