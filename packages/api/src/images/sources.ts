import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

// The images the shop serves: generated covers of its own products, showcases and gallery
// entries, and the covers staff uploaded (product_covers, admin/catalog-cover.ts), addressed by
// path. Nothing else is fetched or resized, so /_image is not an open
// proxy and cannot be made to fill the disk cache with arbitrary names.

/** /covers/{name}.png, /covers/{name}_240.png or /covers/{name}_600.png */
const COVER_PATH = /^\/covers\/([A-Za-z0-9][A-Za-z0-9-]{0,63}?)(?:_(240|600))?\.png$/;

/**
 * Whether a showcase's or gallery entry's image names a source /_image serves once the entry is
 * saved: `/covers/{name}.png`, without a width (the sized files are that source's variants).
 */
export function isContentImagePath(url: string): boolean {
  const match = COVER_PATH.exec(url);
  return match !== null && match[2] === undefined;
}

export interface ImageSource {
  /** The artwork's name (a product slug, `showcase-1`, `gallery-3`). */
  name: string;
  /** The width of the source file itself. */
  width: number;
  /** An uploaded cover (rendered from its stored image), not generated artwork. */
  uploaded: boolean;
}

/** The catalog image a source URL names, or null when the shop does not serve it. */
export async function resolveImageSource(
  db: Pick<Database, 'rows'>,
  url: string,
): Promise<ImageSource | null> {
  const match = COVER_PATH.exec(url);
  if (!match) return null;
  const name = match[1] as string;
  const width = match[2] ? Number(match[2]) : 600;
  const path = `/covers/${name}`;
  const [row] = await db.rows<{ found: boolean; uploaded: boolean }>(sql`select (
      exists (select 1 from products where slug = ${name})
      or exists (select 1 from showcases where image = ${`${path}.png`})
      or exists (select 1 from gallery_entries where image = ${`${path}.png`})
    ) as found, exists (select 1 from product_covers where name = ${name}) as uploaded`);
  if (row?.uploaded) return { name, width, uploaded: true };
  return row?.found ? { name, width, uploaded: false } : null;
}

/** The stored image of an uploaded cover (what /_image and /covers/ resize). */
export async function uploadedCover(db: Pick<Database, 'rows'>, name: string): Promise<Buffer> {
  const [row] = await db.rows<{ image: Buffer | Uint8Array }>(
    sql`select image from product_covers where name = ${name}`,
  );
  if (row === undefined) throw new Error(`no uploaded cover ${name}`);
  return Buffer.from(row.image);
}
