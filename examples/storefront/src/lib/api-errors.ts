import { fieldMessages } from '@shop/ui/field-messages';
import { ApiError } from './api-client';

// What a shopper reads when a request fails. The API already answers Japanese messages for its
// business refusals; the codes below are the ones whose message would not tell a shopper what
// to do (transport, session and server failures), or that have no body at all.
const MESSAGES: Record<string, string> = {
  network_error:
    '通信できませんでした。インターネット接続をご確認のうえ、もう一度お試しください。入力内容はそのまま残っています。',
  csrf_origin: '安全のため、このページからは操作できません。ページを再読み込みしてください。',
  csrf_session:
    'セッションの有効期限が切れました。ページを再読み込みして、もう一度お試しください。',
  csrf_token: 'セッションの有効期限が切れました。ページを再読み込みして、もう一度お試しください。',
  login_required: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  internal_error:
    'サーバー上で技術的なエラーが発生しました。申し訳ありませんが、時間をおいてもう一度お試しください。',
  payment_unavailable: '決済サービスに接続できませんでした。時間をおいてもう一度お試しください。',
  http_error: '通信に失敗しました。時間をおいてもう一度お試しください。',
};

/**
 * What a refused input says: the API's own message for it (`リクエストの内容に誤りがあります。
 * （リクエスト本文）`) names no field and speaks of a request body, so the shopper reads what to
 * fix instead, each field's message once.
 */
function invalidInputMessage(error: ApiError): string | null {
  if (!error.code.startsWith('invalid_') || error.details.length === 0) return null;
  const messages = [...new Set(error.details.map((detail) => detail.message))];
  return `入力内容をご確認ください。${messages.map((m) => (m.endsWith('。') ? m : `${m}。`)).join('')}`;
}

/** The Japanese message to show for any failure of an API request. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.network_error as string;
  const known = MESSAGES[error.code];
  if (known) return known;
  const invalid = invalidInputMessage(error);
  if (invalid) return invalid;
  if (error.apiMessage) return error.apiMessage;
  return error.status >= 500
    ? (MESSAGES.internal_error as string)
    : (MESSAGES.http_error as string);
}

/**
 * The error toast of a failed action: `title` says what did not happen, the description why (as
 * `errorMessage` says it).
 */
export function failureToast(title: string, error: unknown) {
  return { tone: 'error', title, description: errorMessage(error) } as const;
}

/**
 * What a page that failed to load or render says under the 500 screen's own headline and hint:
 * the API's Japanese message when an API failure gave one (503 database_unavailable), else
 * nothing. Never an exception's own text (`API 503 for /api/ranking/daily/`, a TypeError).
 */
export function pageFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'internal_error' || !error.apiMessage) {
    return '';
  }
  return errorMessage(error);
}

/** The API's per-field validation messages, keyed by field name (first message per field). */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? fieldMessages(error.details) : {};
}

export function isLoginRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'login_required';
}
