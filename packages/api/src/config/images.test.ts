import { describe, expect, test } from 'vitest';
import { DEFAULT_IMAGE_CONFIG, loadImageConfig } from './images';

describe('loadImageConfig', () => {
  test('defaults to one render at a time, a queue of 64 and a 1 GiB cache', () => {
    expect(loadImageConfig({})).toEqual(DEFAULT_IMAGE_CONFIG);
    expect(DEFAULT_IMAGE_CONFIG).toEqual({
      renderConcurrency: 1,
      renderQueue: 64,
      cacheMaxBytes: 1024 ** 3,
    });
  });

  test('reads the three settings', () => {
    expect(
      loadImageConfig({
        IMAGE_RENDER_CONCURRENCY: '2',
        IMAGE_RENDER_QUEUE: '0',
        IMAGE_CACHE_MAX_BYTES: '5000000',
      }),
    ).toEqual({ renderConcurrency: 2, renderQueue: 0, cacheMaxBytes: 5_000_000 });
  });

  test('keeps two libuv pool threads from renders: 2 of the default 4, 6 of 8', () => {
    expect(() => loadImageConfig({ IMAGE_RENDER_CONCURRENCY: '3' })).toThrow(
      /IMAGE_RENDER_CONCURRENCY must leave 2 of the 4 libuv pool threads/,
    );
    expect(
      loadImageConfig({ IMAGE_RENDER_CONCURRENCY: '6', UV_THREADPOOL_SIZE: '8' }).renderConcurrency,
    ).toBe(6);
  });

  test.each([
    ['IMAGE_RENDER_CONCURRENCY', '0'],
    ['IMAGE_RENDER_QUEUE', '-1'],
    ['IMAGE_CACHE_MAX_BYTES', '1.5'],
    ['IMAGE_CACHE_MAX_BYTES', '1GB'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => loadImageConfig({ [name]: value })).toThrow(name);
  });
});
