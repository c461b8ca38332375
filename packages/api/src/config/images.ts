import { integerVariable, parseVariables, readInteger, variable } from '../lib/environment';

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

/** The image renderer's variables (see lib/environment.ts; docs/operations.md). */
export const IMAGE_VARIABLES = {
  IMAGE_RENDER_CONCURRENCY: integerVariable(
    'image renders (`/_image`, `/covers/`) running at once in a process, each on one core and one libuv pool thread; at most `UV_THREADPOOL_SIZE` minus 2, refused at start otherwise',
    DEFAULT_IMAGE_CONFIG.renderConcurrency,
    { min: 1 },
  ),
  IMAGE_RENDER_QUEUE: integerVariable(
    'renders that may wait for a slot; beyond it 503 `image_busy` with `Retry-After: 5`',
    DEFAULT_IMAGE_CONFIG.renderQueue,
  ),
  IMAGE_CACHE_MAX_BYTES: variable(
    {
      default: `${DEFAULT_IMAGE_CONFIG.cacheMaxBytes} (1 GiB)`,
      description:
        'disk the image cache (`DATA_DIR/image-cache`) may take; the least recently used images are deleted past it',
    },
    (raw) => readInteger(raw, DEFAULT_IMAGE_CONFIG.cacheMaxBytes),
  ),
  UV_THREADPOOL_SIZE: integerVariable(
    "Node's own: libuv's thread pool; password checks run at most this minus 2 at once (at least 1), 8x that many wait, more answer 503 `password_checks_busy`; image renders take at most this minus 2",
    DEFAULT_UV_THREADPOOL_SIZE,
    { min: 1, max: 1024 },
  ),
};

/**
 * Reads IMAGE_VARIABLES, refusing a concurrency that would leave fewer than two libuv pool
 * threads (UV_THREADPOOL_SIZE) free.
 */
export function loadImageConfig(env: NodeJS.ProcessEnv): ImageConfig {
  const vars = parseVariables(IMAGE_VARIABLES, env);
  const pool = vars.UV_THREADPOOL_SIZE;
  const renderConcurrency = vars.IMAGE_RENDER_CONCURRENCY;
  if (renderConcurrency > pool - POOL_THREADS_KEPT) {
    throw new Error(
      `IMAGE_RENDER_CONCURRENCY must leave ${POOL_THREADS_KEPT} of the ${pool} libuv pool threads (UV_THREADPOOL_SIZE) free: at most ${pool - POOL_THREADS_KEPT}`,
    );
  }
  return {
    renderConcurrency,
    renderQueue: vars.IMAGE_RENDER_QUEUE,
    cacheMaxBytes: vars.IMAGE_CACHE_MAX_BYTES,
  };
}
