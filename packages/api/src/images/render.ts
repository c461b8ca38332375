import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ImageFormat } from '@shop/rules';
import sharp from 'sharp';
import type { WorkGate } from '../lib/work-gate';
import { COVER_ASPECT, coverSvg } from './covers';
import { renderedQuality } from './variants';

// One libvips thread per render, whatever sharp's platform default (one per core with jemalloc
// or musl): the render gate (a WorkGate) decides how many renders run, so images take
// IMAGE_RENDER_CONCURRENCY cores at most. With two threads an AVIF encode here took 6.5 s of CPU in 5.4 s.
sharp.concurrency(1);

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
  /**
   * The stored image of an uploaded cover (its name holds a hash of it, so the cache key stays
   * true); generated artwork when absent.
   */
  original?: (() => Promise<Buffer>) | undefined;
}

/**
 * Renders a cover at exactly the requested width: generated artwork from vector art (never an
 * upscaled bitmap), an uploaded cover fitted whole into the cover's shape (COVER_ASPECT) on white.
 */
async function renderCover({
  name,
  width,
  quality,
  format,
  original,
}: RenderRequest): Promise<Buffer> {
  const image =
    original === undefined
      ? sharp(Buffer.from(coverSvg(name, width)))
      : sharp(await original()).resize({
          width,
          height: Math.round(width * COVER_ASPECT),
          fit: 'contain',
          background: '#ffffff',
        });
  switch (format) {
    case 'webp':
      return image.webp({ quality }).toBuffer();
    case 'avif':
      return image.avif({ quality }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    default:
      return format satisfies never;
  }
}

/** A rendered image, or `busy` when the gate turned the render away (a 503 for the route). */
export type CachedImage =
  | { readonly status: 'ready'; readonly data: Buffer }
  | { readonly status: 'busy' };

/**
 * A disk cache of rendered images under `dir`, keyed by the variant a request renders (see
 * variants.ts), so requests that differ only in what does not change the bytes share one file.
 * Renders pass through `gate`. The files take at most `maxBytes`: past it the least recently used
 * are deleted (the order is kept in memory; after a restart, the files' modification times).
 * Writes go to a temporary file renamed into place, so a concurrent reader never sees half an
 * image.
 */
export class ImageCache {
  /** Every cached file and its size, least recently used first (a Map keeps insertion order). */
  private readonly files = new Map<string, number>();
  private bytes = 0;
  private loaded: Promise<void> | undefined;
  private readonly pending = new Map<string, Promise<CachedImage>>();

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly gate: WorkGate,
  ) {}

  /** The image `request` names; `signal` aborting drops a render still waiting for the gate. */
  async get(request: RenderRequest, signal?: AbortSignal): Promise<CachedImage> {
    const variant = { ...request, quality: renderedQuality(request.format, request.quality) };
    const key = createHash('sha256')
      .update(JSON.stringify([variant.name, variant.width, variant.quality, variant.format]))
      .digest('hex');
    const file = join(this.dir, key.slice(0, 2), `${key}.${variant.format}`);
    this.loaded ??= this.loadIndex();
    await this.loaded;
    const cached = await this.read(file);
    if (cached) return { status: 'ready', data: cached };
    // Not cached yet: render once, even under concurrent requests.
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const work = this.render(variant, file, signal).finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  private async read(file: string): Promise<Buffer | null> {
    try {
      const data = await readFile(file);
      await this.keep(file, data.length);
      return data;
    } catch {
      this.forget(file);
      return null;
    }
  }

  private async render(
    variant: RenderRequest,
    file: string,
    signal: AbortSignal | undefined,
  ): Promise<CachedImage> {
    const outcome = await this.gate.run(() => renderCover(variant), signal);
    if (!outcome.admitted) return { status: 'busy' };
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, outcome.value);
    await rename(temporary, file);
    await this.keep(file, outcome.value.length);
    return { status: 'ready', data: outcome.value };
  }

  /** Records `file` as the most recently used, then trims the cache to its cap. */
  private async keep(file: string, size: number): Promise<void> {
    this.forget(file);
    this.files.set(file, size);
    this.bytes += size;
    await this.evict();
  }

  /** Deletes the least recently used files until the rest fit in `maxBytes`. */
  private async evict(): Promise<void> {
    // The index is updated at once, before any deletion, so concurrent requests never count a
    // file twice or delete one another's choice.
    const evicted: string[] = [];
    for (const [oldest, size] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.files.delete(oldest);
      this.bytes -= size;
      evicted.push(oldest);
    }
    await Promise.all(evicted.map((path) => unlink(path).catch(() => undefined)));
  }

  private forget(file: string): void {
    const size = this.files.get(file);
    if (size === undefined) return;
    this.files.delete(file);
    this.bytes -= size;
  }

  /** Indexes what an earlier run left, oldest first, and trims it to the cap. */
  private async loadIndex(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir, { recursive: true });
    } catch {
      return; // no cache folder yet
    }
    const found: { path: string; size: number; modified: number }[] = [];
    for (const name of names) {
      // A temporary file is a write in progress (or cut short by a crash): not an image.
      if (name.endsWith('.tmp')) continue;
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile()) found.push({ path, size: info.size, modified: info.mtimeMs });
    }
    found.sort((a, b) => a.modified - b.modified);
    for (const { path, size } of found) {
      this.files.set(path, size);
      this.bytes += size;
    }
    await this.evict();
  }
}
