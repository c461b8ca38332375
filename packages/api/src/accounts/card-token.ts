import { z } from 'zod';

/** Luhn checksum, as every card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Whether a string holds something shaped like a card number: a run of 13-19 digits (spaces and
 * hyphens ignored) passing Luhn.
 */
export function containsCardNumber(s: string): boolean {
  const runs = s.replace(/[\s-]/g, '').match(/\d+/g) ?? [];
  return runs.some((run) => run.length >= 13 && run.length <= 19 && isLuhnValid(run));
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
