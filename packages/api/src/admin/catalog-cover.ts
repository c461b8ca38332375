import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS } from '@shop/rules';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { ServiceError } from '../services/service-error';
import type { StaffActor } from '../staff/access';
import { recordAudit } from '../staff/audit';
import { CATALOG_MESSAGES, readProduct } from './catalog';
import type { AdminProduct } from './catalog-schemas';

// Cover upload (docs/backoffice.md, "Catalog"): a JPEG, PNG or WebP image is decoded by sharp,
// turned upright by its EXIF orientation, scaled down to the widest width /_image serves and
// stored as WebP in product_covers, in the database, so every instance serves it. Its name under
// /covers/ holds a hash of the stored image: a new upload is a new URL, so the year-long
// immutable caching of /covers/ and /_image never serves an old cover.

/** The largest image body taken (the route's body limit, middleware/body-limit.ts). */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;

/** The widest stored source: the widest variant /_image renders (@shop/rules IMAGE_WIDTHS). */
export const COVER_SOURCE_MAX_WIDTH = Math.max(...IMAGE_WIDTHS);

/** Narrower images would be upscaled into blur even in the product list. */
export const COVER_MIN_WIDTH = 200;

/** Decoding limit: a small file claiming huge dimensions (a decompression bomb) is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

export const COVER_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

const MESSAGES = {
  type: '表紙画像はJPEG・PNG・WebPのいずれかでアップロードしてください。',
  unreadable:
    '画像を読み込めませんでした。壊れていないJPEG・PNG・WebPの画像をアップロードしてください。',
  tooSmall: `表紙画像は幅${COVER_MIN_WIDTH}ピクセル以上の画像をアップロードしてください。`,
} as const;

interface StoredCover {
  data: Buffer;
  width: number;
  height: number;
}

/** The upload as stored, or a refusal (never a 500 for a bad image). */
async function processCover(body: Uint8Array, mediaType: string): Promise<StoredCover> {
  if (!(COVER_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
    throw new ServiceError('cover_type_unsupported', MESSAGES.type);
  }
  try {
    const image = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (!FORMATS.has(metadata.format ?? '')) {
      throw new ServiceError('cover_type_unsupported', MESSAGES.type);
    }
    const tooNarrow = (metadata.autoOrient?.width ?? metadata.width) < COVER_MIN_WIDTH;
    if (tooNarrow) throw new ServiceError('invalid_cover', MESSAGES.tooSmall);
    const { data, info } = await image
      .rotate()
      .resize({ width: COVER_SOURCE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError('invalid_cover', MESSAGES.unreadable);
  }
}

/**
 * PUT products/:id/cover/: the product's cover replaced by the uploaded image, one audit entry
 * (the cover URL before and after). Refused: 415 `cover_type_unsupported`, 400 `invalid_cover`
 * (unreadable or narrower than COVER_MIN_WIDTH), 404 `product_not_found`.
 */
export async function uploadCover(
  deps: AppDeps,
  productId: number,
  body: Uint8Array,
  mediaType: string,
  actor: StaffActor,
): Promise<AdminProduct> {
  const cover = await processCover(body, mediaType);
  const hash = createHash('sha256').update(cover.data).digest('hex').slice(0, 12);
  const now = deps.now();
  return deps.db.orm.transaction(async (tx) => {
    const [product] = await txRows<{ slug: string; coverImage: string }>(
      tx,
      sql`select slug, cover_image as "coverImage" from products where id = ${productId} for update`,
    );
    if (product === undefined) {
      throw new ServiceError('product_not_found', CATALOG_MESSAGES.productNotFound);
    }
    const name = `${product.slug}-${hash}`;
    const coverImage = `/covers/${name}_240.png`;
    await tx.execute(
      sql`insert into product_covers (product_id, name, image, width, height, uploaded_at)
          values (${productId}, ${name}, ${cover.data}, ${cover.width}, ${cover.height}, ${now.toISOString()})
          on conflict (product_id) do update set name = excluded.name, image = excluded.image,
            width = excluded.width, height = excluded.height, uploaded_at = excluded.uploaded_at`,
    );
    await tx.execute(
      sql`update products set cover_image = ${coverImage}, updated_at = ${now.toISOString()}
          where id = ${productId}`,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'product.cover',
        targetType: 'product',
        targetId: productId,
        before: { coverImage: product.coverImage },
        after: { coverImage },
      },
      now,
    );
    return (await readProduct(tx, productId)) as AdminProduct;
  });
}
