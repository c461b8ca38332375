/**
 * What the error layout shows (docs/spec.md §2 and §8).
 *
 * @example
 * const screen: ErrorScreen = errorScreen({ statusCode: 500 });
 * screen.statusText; // 'HTTP 500'
 * screen.hint === SERVER_ERROR_HINT; // true
 */
export interface ErrorScreen {
  readonly headline: string;
  /** `HTTP <code>`, e.g. `HTTP 404`. */
  readonly statusText: string;
  /** A Japanese hint under the headline, or null (only a 500 has one). */
  readonly hint: string | null;
  readonly message: string;
  /** The stack trace shown below the card, or null when the error carries none. */
  readonly stack: string | null;
  readonly action: { readonly label: 'トップページへ戻る'; readonly href: '/' };
}

/**
 * The error an error screen is built from.
 *
 * @example
 * const input: ErrorScreenInput = { statusCode: 404, message: 'Page Not Found: /x', stack: null };
 * errorScreen(input).headline; // 'ページが見つかりません'
 */
export interface ErrorScreenInput {
  readonly statusCode?: number | null;
  readonly message?: string | null;
  readonly stack?: string | null;
}

/**
 * The hint a 500 screen shows under its headline.
 *
 * @example
 * errorScreen({ statusCode: 500 }).hint === SERVER_ERROR_HINT; // true
 * errorScreen({ statusCode: 404 }).hint; // null
 */
export const SERVER_ERROR_HINT =
  'ご迷惑をおかけして申し訳ございません。しばらく時間をおいてから再度お試しいただくか、トップページへお戻りください。';

/**
 * The full-page error screen for an error: headline by status (404 'ページが見つかりません', 500
 * 'サーバー上で技術的なエラーが発生しました。' with a hint, any other 'エラーが発生しました'), the text
 * `HTTP <code>`, the message, the stack and the 'トップページへ戻る' button to `/`.
 * A missing or invalid status (not an integer 400-599) is shown as 500: an error nobody
 * classified is the server's.
 *
 * @example
 * errorScreen({ statusCode: 404, message: 'Page Not Found: /x' });
 * // { headline: 'ページが見つかりません', statusText: 'HTTP 404', hint: null,
 * //   message: 'Page Not Found: /x', stack: null,
 * //   action: { label: 'トップページへ戻る', href: '/' } }
 */
export function errorScreen({ statusCode, message, stack }: ErrorScreenInput): ErrorScreen {
  const status =
    typeof statusCode === 'number' &&
    Number.isInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode <= 599
      ? statusCode
      : 500;
  return {
    headline:
      status === 404
        ? 'ページが見つかりません'
        : status === 500
          ? 'サーバー上で技術的なエラーが発生しました。'
          : 'エラーが発生しました',
    statusText: `HTTP ${status}`,
    hint: status === 500 ? SERVER_ERROR_HINT : null,
    message: message ?? '',
    stack: stack ? stack : null,
    action: { label: 'トップページへ戻る', href: '/' },
  };
}
