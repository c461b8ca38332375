import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureToast } from './api-errors';

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
