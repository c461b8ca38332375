import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

// The images the shop serves: generated covers of its own products, showcases and gallery
// entries, addressed by path. Nothing else is fetched or resized, so /_image is not an open
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
  const [row] = await db.rows<{ found: boolean }>(sql`select (
      exists (select 1 from products where slug = ${name})
      or exists (select 1 from showcases where image = ${`${path}.png`})
      or exists (select 1 from gallery_entries where image = ${`${path}.png`})
    ) as found`);
  return row?.found ? { name, width } : null;
}
