import { cleanShopperText, shopperTextMessage } from '@shop/rules';
import { z } from 'zod';

/** How one free-text field of a request is read. */
export interface ShopperTextField {
  /** The field's Japanese name, as its messages say it (お名前, お問い合わせ内容). */
  label: string;
  max: number;
  /** Whether an empty (or all-space) text is refused. */
  required: boolean;
  /** A message body: keeps line breaks and tabs. */
  multiline?: boolean;
}

/**
 * A free-text field of a request (a name, a message, a reason) read by @shop/rules
 * `cleanShopperText`, as the address fields are: invisible characters pasted along dropped, NFKC,
 * trimmed; refused with its Japanese message and a machine `code` in the issue's params
 * (`invalid_characters`, `card_number`), which `validate` passes on in the answer's details. The
 * length counts after cleaning, so full-width and half-width text count alike.
 */
export function shopperText({ label, max, required, multiline = false }: ShopperTextField) {
  return z
    .string({ error: `${label}を入力してください` })
    .transform((input, ctx) => {
      const result = cleanShopperText(input, { multiline });
      if (result.ok) return result.text;
      ctx.addIssue({
        code: 'custom',
        message: shopperTextMessage(label, result.reason),
        params: { code: result.reason },
      });
      return z.NEVER;
    })
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { error: `${label}を入力してください` })
        .max(max, { error: `${label}は${max}文字以内で入力してください` }),
    );
}
