/** How much of the machine the image renderer may take, read from the environment once at start. */
export interface ImageConfig {
  /**
   * IMAGE_RENDER_CONCURRENCY: renders running at once in this process. Each render runs on one
   * libvips thread and holds one thread of Node's libuv pool, so this many cores at most go to
   * images and the rest of the pool stays free for file reads and password hashing.
   */
  renderConcurrency: number;
  /** IMAGE_RENDER_QUEUE: renders that may wait for a free slot; beyond them, 503 `image_busy`. */
  renderQueue: number;
  /**
   * IMAGE_CACHE_MAX_BYTES: disk the rendered images may take under DATA_DIR/image-cache; past
   * it the least recently used are deleted.
   */
  cacheMaxBytes: number;
}

/** Node's default libuv pool size, when UV_THREADPOOL_SIZE does not set one. */
const DEFAULT_UV_THREADPOOL_SIZE = 4;
/** Pool threads kept from renders: file reads (the cache itself) and password hashing. */
const POOL_THREADS_KEPT = 2;

export const DEFAULT_IMAGE_CONFIG: ImageConfig = {
  // One core for renders leaves the other of a two-core machine to pages and the API.
  renderConcurrency: 1,
  // Room for several shoppers' browsers (six connections each over HTTP/1.1) on a cold cache:
  // a storefront cover renders in tens of milliseconds, so 64 drain in a few seconds, while a
  // queued request holds no more than its connection.
  renderQueue: 64,
  cacheMaxBytes: 1024 * 1024 * 1024,
};

function count(value: string | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}`);
  return n;
}

/**
 * Reads IMAGE_RENDER_CONCURRENCY, IMAGE_RENDER_QUEUE and IMAGE_CACHE_MAX_BYTES, refusing a
 * concurrency that would leave fewer than two libuv pool threads (UV_THREADPOOL_SIZE) free.
 */
export function loadImageConfig(env: NodeJS.ProcessEnv): ImageConfig {
  const pool = count(env.UV_THREADPOOL_SIZE, DEFAULT_UV_THREADPOOL_SIZE, 'UV_THREADPOOL_SIZE', 1);
  const renderConcurrency = count(
    env.IMAGE_RENDER_CONCURRENCY,
    DEFAULT_IMAGE_CONFIG.renderConcurrency,
    'IMAGE_RENDER_CONCURRENCY',
    1,
  );
  if (renderConcurrency > pool - POOL_THREADS_KEPT) {
    throw new Error(
      `IMAGE_RENDER_CONCURRENCY must leave ${POOL_THREADS_KEPT} of the ${pool} libuv pool threads (UV_THREADPOOL_SIZE) free: at most ${pool - POOL_THREADS_KEPT}`,
    );
  }
  return {
    renderConcurrency,
    renderQueue: count(
      env.IMAGE_RENDER_QUEUE,
      DEFAULT_IMAGE_CONFIG.renderQueue,
      'IMAGE_RENDER_QUEUE',
      0,
    ),
    cacheMaxBytes: count(
      env.IMAGE_CACHE_MAX_BYTES,
      DEFAULT_IMAGE_CONFIG.cacheMaxBytes,
      'IMAGE_CACHE_MAX_BYTES',
      0,
    ),
  };
}
