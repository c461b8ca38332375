import { isCardNumber, normalizeCardNumber } from '@shop/rules';
import { z } from 'zod';

/**
 * Whether a string holds something shaped like a card number: a run of 13-19 digits passing Luhn
 * (@shop/rules `isCardNumber`) once the string is read as the card form reads a number
 * (`normalizeCardNumber`: full-width digits folded, spaces and hyphens dropped). Stricter than
 * the stored-data scan (payments/card-scan.ts): a run inside a longer word counts too, because a
 * gateway token has no reason to hold 13 digits in a row; such a body is refused unsent.
 */
export function containsCardNumber(s: string): boolean {
  const runs = normalizeCardNumber(s).match(/\d+/g) ?? [];
  return runs.some(isCardNumber);
}

/**
 * The body of POST /api/gmo-multipay/creditcard/: only the gateway's one-time token. A body that
 * carries a card number (a misbuilt client posting the form itself) is refused before it goes
 * anywhere, and the number is not echoed back.
 */
export const cardRegistrationSchema = z.strictObject({
  token: z
    .string({ error: 'カード情報のトークンがありません' })
    .min(1, { error: 'カード情報のトークンがありません' })
    .max(512, { error: 'カード情報のトークンが正しくありません' })
    .regex(/^[\x21-\x7e]+$/, { error: 'カード情報のトークンが正しくありません' })
    .refine((s) => !containsCardNumber(s), {
      error: 'カード番号は送信できません。カード情報は決済代行会社の画面で入力してください',
    }),
});
