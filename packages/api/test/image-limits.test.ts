import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type ImageFormat, imageUrl } from '@shop/rules';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { ImageConfig } from '../src/config/images';
import { openTestShop, type TestShop, testConfig } from './support/database';

// Finding 4 of issue 12: the image endpoint could be made to stall the shop (parallel uncached
// renders) and fill its disk (a cache key per quality, even where quality changes nothing).

let shop: TestShop;
const dataDirs: string[] = [];
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const COVER = '/covers/040000000001_240.png';

/** The shop's app with its own image settings and its own empty DATA_DIR. */
function appWith(images: Partial<ImageConfig>) {
  const config = testConfig();
  dataDirs.push(config.dataDir);
  const app = createApp({
    ...shop.deps,
    config: { ...config, images: { ...config.images, ...images } },
  });
  return { app, cacheDir: join(config.dataDir, 'image-cache') };
}

function cachedFiles(dir: string): { path: string; size: number }[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
  return names
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, size: statSync(path).size }));
}

const url = (width: number, quality: number, format: ImageFormat) =>
  imageUrl(COVER, { width, quality, format });

describe('a burst of uncached renders', () => {
  it('renders IMAGE_RENDER_CONCURRENCY at a time, queues IMAGE_RENDER_QUEUE, answers the rest 503 image_busy with Retry-After, and cheap requests do not wait for it', async () => {
    const { app } = appWith({ renderConcurrency: 1, renderQueue: 2 });
    const cheapImage = url(320, 80, 'webp');
    expect((await app.request(cheapImage)).status).toBe(200);
    // sharp's counters are the process's, and the api's test files share a worker
    // (vitest.workspace.ts): a render another file left running must end before this one counts.
    while (sharp.counters().queue + sharp.counters().process > 0) await delay(5);

    // sharp's own counters: renders in libvips plus those waiting for a libuv pool thread.
    let mostInSharp = 0;
    const sampler = setInterval(() => {
      const { queue, process } = sharp.counters();
      mostInSharp = Math.max(mostInSharp, queue + process);
    }, 1);
    // Eight different AVIF variants, each over a second of CPU here: none is cached.
    const variants = [10, 20, 30, 40, 50, 60, 70, 80].map((q) => url(768, q, 'avif'));
    let rendered = 0;
    const burst = Promise.all(
      variants.map(async (variant) => {
        const response = await app.request(variant);
        if (response.status === 200) rendered += 1;
        return response;
      }),
    );
    // Ask for the cheap answers once the burst has reached sharp: its first render has started,
    // and the rest of its requests (database lookups of a few milliseconds) are in place.
    while (sharp.counters().process === 0) await delay(1);
    await delay(200);
    const inSharp = () => sharp.counters().queue + sharp.counters().process;
    const whenAsked = inSharp();
    const health = await app.request('/api/health/');
    const whenHealthAnswered = { rendered, inSharp: inSharp() };
    const cached = await app.request(cheapImage);
    const whenCachedAnswered = { rendered, inSharp: inSharp() };
    const responses = await burst;
    clearInterval(sampler);

    expect(health.status).toBe(200);
    expect(cached.status).toBe(200);
    // Both answered before any render of the burst had finished: sharp still held all it held
    // when they were asked, and no image of the burst had been sent. They never waited behind
    // the renders (the cached image reads its file on the libuv pool that sharp also uses).
    expect(whenHealthAnswered).toEqual({ rendered: 0, inSharp: whenAsked });
    expect(whenCachedAnswered).toEqual({ rendered: 0, inSharp: whenAsked });
    expect(mostInSharp).toBe(1);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 503, 503, 503, 503, 503]);
    for (const busy of responses.filter((r) => r.status === 503)) {
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(await busy.json()).toEqual({
        error: {
          code: 'image_busy',
          message: '画像の生成が混み合っています。しばらくしてから再度お試しください。',
        },
      });
    }
    // A stalled cheap request would otherwise fail as a timeout, not on what it waited for.
  }, 90_000);

  it('bounds the source covers of /covers/ with the same gate', async () => {
    const { app } = appWith({ renderConcurrency: 1, renderQueue: 0 });
    // An AVIF render (over a second of CPU here) holds the one slot: the covers asked meanwhile
    // find the gate full, whatever the machine's speed. Three covers raced each other before,
    // and a loaded machine finished the first before the last had asked.
    const slow = app.request(url(768, 50, 'avif'));
    while (sharp.counters().process === 0) await delay(1);
    const covers = ['040000000002', '040000000003', '040000000004'];
    const statuses = await Promise.all(
      covers.map(async (slug) => (await app.request(`/covers/${slug}.png`)).status),
    );
    expect(statuses).toEqual([503, 503, 503]);
    expect((await slow).status).toBe(200);
    expect((await app.request(`/covers/${covers[0]}.png`)).status).toBe(200);
  }, 60_000);
});

describe('the cache key', () => {
  it.each([
    ['a PNG at another quality', url(320, 37, 'png'), url(320, 100, 'png')],
    ['an AVIF above quality 90', url(320, 95, 'avif'), url(320, 90, 'avif')],
    ['a quality between the steps of 10', url(320, 75, 'webp'), url(320, 80, 'webp')],
    [
      'parameters in another order',
      `/_image?w=320&f=jpeg&q=80&url=${encodeURIComponent(COVER)}`,
      url(320, 80, 'jpeg'),
    ],
    [
      'quality and format left to their defaults',
      `/_image?url=${encodeURIComponent(COVER)}&w=320`,
      url(320, 100, 'webp'),
    ],
    ['an unescaped source', `/_image?url=${COVER}&w=320&q=100&f=webp`, url(320, 100, 'webp')],
  ])('redirects %s to the one canonical URL and keeps one file', async (_, spelling, canonical) => {
    const { app, cacheDir } = appWith({});
    const redirect = await app.request(spelling);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(canonical);
    expect(redirect.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(cachedFiles(cacheDir)).toEqual([]);
    const image = await app.request(canonical);
    expect(image.status).toBe(200);
    expect(cachedFiles(cacheDir)).toHaveLength(1);
    // The canonical URL is served, never redirected again.
    expect((await app.request(canonical)).status).toBe(200);
    expect(cachedFiles(cacheDir)).toHaveLength(1);
  });

  it('keeps one file for the same variant reached through the _240 and _600 sources', async () => {
    const { app, cacheDir } = appWith({});
    for (const source of ['/covers/040000000001_240.png', '/covers/040000000001_600.png']) {
      expect((await app.request(imageUrl(source, { width: 320, quality: 80 }))).status).toBe(200);
    }
    expect(cachedFiles(cacheDir)).toHaveLength(1);
  });
});

describe('the disk cache', () => {
  it('never grows past IMAGE_CACHE_MAX_BYTES, whatever variants are asked', async () => {
    const cap = 20_000;
    const { app, cacheDir } = appWith({ cacheMaxBytes: cap });
    let served = 0;
    for (const width of [320, 640, 768]) {
      for (const quality of [10, 30, 50, 70, 90]) {
        const response = await app.request(url(width, quality, 'webp'));
        expect(response.status).toBe(200);
        served += (await response.arrayBuffer()).byteLength;
        const bytes = cachedFiles(cacheDir).reduce((sum, file) => sum + file.size, 0);
        expect(bytes).toBeLessThanOrEqual(cap);
      }
    }
    // Far more was served than kept: the cap, not the requests, bounded the folder.
    expect(served).toBeGreaterThan(3 * cap);
    expect(cachedFiles(cacheDir).length).toBeGreaterThan(0);
  });
});
