import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { WorkGate } from '../lib/work-gate';
import { ImageCache, type RenderRequest } from './render';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function cacheFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'shop-image-cache-'));
  folders.push(folder);
  return folder;
}

/** Every image file under `folder` with its size. */
function filesIn(folder: string): { path: string; size: number }[] {
  return readdirSync(folder, { recursive: true })
    .map((name) => join(folder, String(name)))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, size: statSync(path).size }));
}

const bytesIn = (folder: string) => filesIn(folder).reduce((sum, file) => sum + file.size, 0);

const variant = (quality: number, format: RenderRequest['format'] = 'webp'): RenderRequest => ({
  name: '040000000001',
  width: 320,
  quality,
  format,
});

class CountingGate extends WorkGate {
  runs = 0;
  override run<T>(work: () => Promise<T>) {
    this.runs += 1;
    return super.run(work);
  }
}

describe('ImageCache', () => {
  test.each([
    ['a PNG at two qualities (PNG ignores quality)', variant(37, 'png'), variant(100, 'png')],
    ['an AVIF above 90 (encoded at 90)', variant(95, 'avif'), variant(90, 'avif')],
    ['two qualities within one step', variant(71), variant(80)],
  ])('keeps one file and renders once for %s', async (_, first, second) => {
    const folder = cacheFolder();
    const gate = new CountingGate({ concurrency: 1, queue: 0 });
    const cache = new ImageCache(folder, 10_000_000, gate);
    const a = await cache.get(first);
    const b = await cache.get(second);
    expect(a.status).toBe('ready');
    expect(b).toEqual(a);
    expect(gate.runs).toBe(1);
    expect(filesIn(folder)).toHaveLength(1);
  });

  test('never takes more than its cap on disk: the least recently used go first', async () => {
    const folder = cacheFolder();
    const probe = new ImageCache(
      cacheFolder(),
      10_000_000,
      new WorkGate({ concurrency: 1, queue: 0 }),
    );
    const sizes: number[] = [];
    for (const quality of [10, 20, 30, 40, 50]) {
      const image = await probe.get(variant(quality));
      if (image.status !== 'ready') throw new Error('busy');
      sizes.push(image.data.length);
    }
    // Room for the three largest, not for all five.
    const cap = [...sizes]
      .sort((x, y) => y - x)
      .slice(0, 3)
      .reduce((sum, size) => sum + size, 0);
    const cache = new ImageCache(folder, cap, new WorkGate({ concurrency: 1, queue: 0 }));
    await cache.get(variant(10));
    await cache.get(variant(20));
    await cache.get(variant(10)); // now more recent than 20
    for (const quality of [30, 40, 50]) {
      await cache.get(variant(quality));
      expect(bytesIn(folder)).toBeLessThanOrEqual(cap);
    }
    const kept = filesIn(folder).map((file) => file.size);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    // 20 was the least recently used, so it left first; 50, just rendered, stays.
    expect(kept).toContain(sizes[4]);
    expect(kept).not.toContain(sizes[1]);
  });

  test('trims what an earlier run left to the cap, oldest first, before serving', async () => {
    const folder = cacheFolder();
    const before = new ImageCache(folder, 10_000_000, new WorkGate({ concurrency: 1, queue: 0 }));
    for (const quality of [10, 20, 30]) await cache(before, quality);
    const files = filesIn(folder);
    expect(files).toHaveLength(3);
    files.forEach((file, i) => {
      const time = new Date(Date.UTC(2026, 0, 1 + i));
      utimesSync(file.path, time, time);
    });
    const [oldest, older, newest] = files as [
      (typeof files)[0],
      (typeof files)[0],
      (typeof files)[0],
    ];
    const cap = older.size + newest.size;
    const after = new ImageCache(folder, cap, new WorkGate({ concurrency: 1, queue: 0 }));
    await cache(after, 40);
    expect(existsSync(oldest.path)).toBe(false);
    expect(bytesIn(folder)).toBeLessThanOrEqual(cap);
  });

  test('renders nothing and writes nothing when the gate turns it away', async () => {
    const folder = cacheFolder();
    const gate = new WorkGate({ concurrency: 1, queue: 0 });
    let release: () => void = () => {};
    const holding = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const cache = new ImageCache(folder, 10_000_000, gate);
    expect(await cache.get(variant(80))).toEqual({ status: 'busy' });
    expect(filesIn(folder)).toEqual([]);
    release();
    await holding;
    expect((await cache.get(variant(80))).status).toBe('ready');
  });
});

async function cache(imageCache: ImageCache, quality: number): Promise<void> {
  expect((await imageCache.get(variant(quality))).status).toBe('ready');
}
