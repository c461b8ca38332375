import { isImageSource } from './_lib/imageSource';
import { IMAGE_WIDTHS, type ImageWidth } from './breakpoints';
import {
  DEFAULT_IMAGE_FORMAT,
  DEFAULT_IMAGE_QUALITY,
  IMAGE_FORMATS,
  type ImageFormat,
} from './imageOptions';

/**
 * A valid image request.
 *
 * @example
 * const result = parseImageParams(new URLSearchParams('url=%2Fa.jpg&w=640'));
 * const params: ImageParams | null = result.ok ? result.value : null;
 * // { url: '/a.jpg', width: 640, quality: 100, format: 'webp' }
 */
export interface ImageParams {
  readonly url: string;
  readonly width: ImageWidth;
  readonly quality: number;
  readonly format: ImageFormat;
}

/**
 * Why an image request is refused (a 400 for the endpoint).
 *
 * @example
 * const result = parseImageParams(new URLSearchParams('w=640'));
 * const reason: ImageParamsError | null = result.ok ? null : result.reason; // 'missing-url'
 */
export type ImageParamsError =
  | 'missing-url'
  | 'invalid-url'
  | 'invalid-width'
  | 'invalid-quality'
  | 'invalid-format';

/**
 * The outcome of parsing an image request.
 *
 * @example
 * const result: ImageParamsResult = parseImageParams(new URL(request.url).searchParams);
 * if (!result.ok) return c.json({ code: result.reason, message: result.message }, 400);
 */
export type ImageParamsResult =
  | { readonly ok: true; readonly value: ImageParams }
  | { readonly ok: false; readonly reason: ImageParamsError; readonly message: string };

const MESSAGES: Record<ImageParamsError, string> = {
  'missing-url': '画像のURLが指定されていません。',
  'invalid-url': '画像のURLが正しくありません。',
  'invalid-width': '画像の幅が正しくありません。',
  'invalid-quality': '画像の画質は1から100の整数で指定してください。',
  'invalid-format': '画像の形式が正しくありません。',
};

const POSITIVE_INTEGER = /^[1-9]\d{0,3}$/;

const fail = (reason: ImageParamsError): ImageParamsResult => ({
  ok: false,
  reason,
  message: MESSAGES[reason],
});

/** The single value of a parameter; `null` when absent, `false` when given more than once. */
function single(params: URLSearchParams, name: string): string | null | false {
  const values = params.getAll(name);
  if (values.length > 1) return false;
  return values[0] ?? null;
}

/**
 * Reads and validates the image endpoint's query, exactly what `imageUrl` writes: `url` (a
 * root-relative path or an http(s) URL), `w` (one of IMAGE_WIDTHS: the endpoint renders no other
 * width), `q` (an integer 1-100 without leading zeros, default 100), `f` (one of IMAGE_FORMATS,
 * default webp). A repeated parameter is refused. Never throws: a bad request is
 * `{ ok: false, reason, message }` with a Japanese message for a 400.
 *
 * @example
 * parseImageParams(new URLSearchParams('url=%2Fcovers%2Fa_240.jpg&w=320&q=80&f=avif'));
 * // { ok: true, value: { url: '/covers/a_240.jpg', width: 320, quality: 80, format: 'avif' } }
 * parseImageParams(new URLSearchParams('url=%2Fa.jpg&w=300')).ok; // false (reason 'invalid-width')
 */
export function parseImageParams(params: URLSearchParams): ImageParamsResult {
  const url = single(params, 'url');
  if (url === null || url === '') return fail('missing-url');
  if (url === false || !isImageSource(url)) return fail('invalid-url');

  const w = single(params, 'w');
  const width = typeof w === 'string' && POSITIVE_INTEGER.test(w) ? Number(w) : Number.NaN;
  if (!IMAGE_WIDTHS.includes(width as ImageWidth)) return fail('invalid-width');

  const q = single(params, 'q');
  if (q === false) return fail('invalid-quality');
  const quality = q === null ? DEFAULT_IMAGE_QUALITY : POSITIVE_INTEGER.test(q) ? Number(q) : 0;
  if (quality < 1 || quality > 100) return fail('invalid-quality');

  const f = single(params, 'f');
  if (f === false) return fail('invalid-format');
  const format = f ?? DEFAULT_IMAGE_FORMAT;
  if (!IMAGE_FORMATS.includes(format as ImageFormat)) return fail('invalid-format');

  return {
    ok: true,
    value: { url, width: width as ImageWidth, quality, format: format as ImageFormat },
  };
}
