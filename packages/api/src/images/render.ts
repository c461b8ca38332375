import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageFormat } from '@shop/rules';
import sharp from 'sharp';
import { coverSvg } from './covers';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export interface RenderRequest {
  name: string;
  width: number;
  quality: number;
  format: ImageFormat;
}

/** Renders a cover at exactly the requested width (from vector art: never an upscaled bitmap). */
export async function renderCover({
  name,
  width,
  quality,
  format,
}: RenderRequest): Promise<Buffer> {
  const image = sharp(Buffer.from(coverSvg(name, width)));
  switch (format) {
    case 'webp':
      return image.webp({ quality }).toBuffer();
    case 'avif':
      return image.avif({ quality: Math.min(quality, 90) }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
  }
}

/**
 * A disk cache of rendered images under `dir`, keyed by a hash of the request. Writes go to a
 * temporary file renamed into place, so a concurrent reader never sees half an image.
 */
export class ImageCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly dir: string) {}

  async get(request: RenderRequest): Promise<Buffer> {
    const key = createHash('sha256')
      .update(JSON.stringify([request.name, request.width, request.quality, request.format]))
      .digest('hex');
    const file = join(this.dir, key.slice(0, 2), `${key}.${request.format}`);
    try {
      return await readFile(file);
    } catch {
      // Not cached yet: render below, once even under concurrent requests.
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = (async () => {
      const data = await renderCover(request);
      await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, file);
      return data;
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }
}
