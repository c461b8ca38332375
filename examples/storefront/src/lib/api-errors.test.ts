import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, failureToast } from './api-errors';

describe('failureToast', () => {
  it("says what failed as its title and the API's Japanese reason as its description", () => {
    const refusal = new ApiError(409, '/api/orders/1/cancel/', {
      error: { code: 'order_not_cancellable', message: 'このご注文はキャンセルできません。' },
    });
    expect(failureToast('キャンセルできませんでした', refusal)).toEqual({
      tone: 'error',
      title: 'キャンセルできませんでした',
      description: 'このご注文はキャンセルできません。',
    });
  });

  it('describes a failure without an API answer as a connection problem', () => {
    expect(failureToast('保存できませんでした', new TypeError('fetch failed')).description).toMatch(
      /^通信できませんでした/,
    );
  });
});

describe('errorMessage', () => {
  it('says which fields to fix when the API refuses the input, not that a request body was wrong', () => {
    const refusal = new ApiError(400, '/api/takeover/usertakeover/', {
      error: {
        code: 'invalid_json',
        message: 'リクエストの内容に誤りがあります。（リクエスト本文）',
        details: [
          { path: 'email', message: 'メールアドレスの形式が正しくありません' },
          { path: 'password', message: 'パスワードを入力してください' },
          { path: 'password', message: 'パスワードを入力してください' },
        ],
      },
    });
    expect(errorMessage(refusal)).toBe(
      '入力内容をご確認ください。メールアドレスの形式が正しくありません。パスワードを入力してください。',
    );
  });

  it("keeps the API's message for a refusal that names no field", () => {
    const refusal = new ApiError(400, '/api/takeover/usertakeover/', {
      error: { code: 'invalid_query', message: 'リクエストの内容に誤りがあります。（クエリ）' },
    });
    expect(errorMessage(refusal)).toBe('リクエストの内容に誤りがあります。（クエリ）');
  });
});
