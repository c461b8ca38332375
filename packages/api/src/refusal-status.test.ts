import { CHECKOUT_FAILURE_MESSAGES } from '@shop/rules';
import { describe, expect, test } from 'vitest';
import { REFUSAL_STATUS, refusalAnswer } from './refusal-status';
import { type RefusalCode, ServiceError } from './services/service-error';

describe('REFUSAL_STATUS', () => {
  test('answers a refusal with the status of its reason, its code and its message', () => {
    const answer = refusalAnswer(new ServiceError('favorite_limit_reached', '上限です。'));
    expect(answer).toMatchObject({
      status: 409,
      code: 'favorite_limit_reached',
      message: '上限です。',
    });
  });

  test('every checkout failure of @shop/rules is 422, as the checkout answers them', () => {
    for (const reason of Object.keys(CHECKOUT_FAILURE_MESSAGES) as RefusalCode[]) {
      expect(REFUSAL_STATUS[reason], reason).toBe(422);
    }
  });

  test('every reason is a client error, but a gateway refusing or a service not there', () => {
    const serverSide: Partial<Record<RefusalCode, number>> = {
      capture_failed: 502,
      withdrawal_unavailable: 503,
      payment_unavailable: 503,
      // The contact form's bot-check service did not answer (its outage is not the shopper's).
      bot_check_unavailable: 503,
    };
    for (const [code, status] of Object.entries(REFUSAL_STATUS)) {
      const expected = serverSide[code as RefusalCode];
      if (expected === undefined) expect(status >= 400 && status < 500, code).toBe(true);
      else expect(status, code).toBe(expected);
    }
  });

  test('carries the details of a refusal with parts', () => {
    const details = [{ path: 'open_reservations', message: '予約中の注文が1件あります。' }];
    expect(
      refusalAnswer(new ServiceError('withdrawal_blocked', '退会できません。', details)),
    ).toMatchObject({
      status: 409,
      details,
    });
  });
});
