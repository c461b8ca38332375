import { jstToday } from '@shop/rules';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth/password';
import { shopperText } from '../lib/shopper-text';

/** An e-mail address, trimmed and lower-cased: the form members are stored and looked up in. */
export const emailSchema = z
  .string({ error: 'メールアドレスを入力してください' })
  .max(254, { error: 'メールアドレスは254文字以内で入力してください' })
  .transform((s) => s.normalize('NFKC').trim().toLowerCase())
  .pipe(z.email({ error: 'メールアドレスの形式が正しくありません' }));

/** A password to check: any non-empty string within the length limit. */
export const passwordInputSchema = z
  .string({ error: 'パスワードを入力してください' })
  .min(1, { error: 'パスワードを入力してください' })
  .max(PASSWORD_MAX_LENGTH, {
    error: `パスワードは${PASSWORD_MAX_LENGTH}文字以内で入力してください`,
  });

/**
 * A new password: 8 to 128 characters, any characters (NIST SP 800-63B: length over composition
 * rules), not only one repeated character.
 */
export const newPasswordSchema = passwordInputSchema
  .refine((s) => [...s.normalize('NFKC')].length >= 8, {
    error: 'パスワードは8文字以上で入力してください',
  })
  .refine((s) => new Set(s).size > 1, { error: '同じ文字だけのパスワードは使用できません' });

/** A birth date: an existing calendar day between 1900-01-01 and today (JST). */
export const birthDateSchema = z
  .string({ error: '生年月日を入力してください' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '生年月日は1995-04-01のように年-月-日で入力してください' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
    },
    { error: '生年月日が正しくありません' },
  );

export const registrationSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  name: shopperText({ label: 'お名前', max: 40, required: true }),
  birthDate: birthDateSchema.optional(),
});

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: passwordInputSchema,
});

// Checkout and orders import the JST day from here alongside isAdult; the rule itself lives in
// @shop/rules.
export { jstToday };

/**
 * Whether someone born on `birthDate` is 18 or older on `now`'s Japanese calendar day (the age
 * of majority since 2022, and the line for adult-only items).
 *
 * @example
 * isAdult('2008-04-01', new Date('2026-03-31T15:00:00Z')) // => true (2026-04-01 in JST)
 */
export function isAdult(birthDate: string | null | undefined, now: Date): boolean {
  if (!birthDate) return false;
  const today = jstToday(now);
  const eighteenYearsAgo = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
  return birthDate <= eighteenYearsAgo;
}
