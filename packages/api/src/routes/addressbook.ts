import { Hono } from 'hono';
import { z } from 'zod';
import { overseasAddressSchema, shippingAddressSchema } from '../accounts/address';
import { lookupPostalCode } from '../accounts/postal-code';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { documented } from '../lib/route-doc';
import { validate } from '../lib/validate';
import { memberOnly, requireMember } from '../middleware/session';
import { addressSchema } from '../schemas/accounts';
import { idParamSchema } from '../schemas/params';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  updateAddress,
} from '../services/addresses';

/** The postal code of GET /postal-code/{code}/: 7 digits, with or without the hyphen. */
export const postalCodeParamSchema = z.strictObject({
  code: z.string().regex(/^\d{3}-?\d{4}$/, { error: '郵便番号は7桁の数字で指定してください' }),
});

/**
 * /api/addressbook/: the member's shipping addresses (list, add, read, replace, delete) and the
 * offline postal-code lookup that fills the form (open to guests too).
 */
export function addressBookRoutes(deps: AppDeps) {
  return new Hono()
    .get(
      '/postal-code/:code/',
      documented({
        tag: 'accounts',
        summary: 'Addresses of a postal code (Japan Post data, offline; open to guests)',
        response: z.object({
          areas: z.array(
            z.object({
              postalCode: z.string(),
              prefecture: z.string(),
              city: z.string(),
              town: z.string(),
            }),
          ),
        }),
        errors: { 404: '`postal_code_not_found`' },
      }),
      validate('param', postalCodeParamSchema),
      (c) => {
        const areas = lookupPostalCode(c.req.valid('param').code);
        if (areas.length === 0) {
          throw new ApiError(
            404,
            'postal_code_not_found',
            'この郵便番号に該当する住所が見つかりません。',
          );
        }
        c.header('Cache-Control', 'public, max-age=86400');
        return c.json({ areas });
      },
    )
    .get(
      '/',
      documented({
        tag: 'accounts',
        summary: 'Shipping addresses, the default first',
        access: 'member',
        response: z.object({ addresses: z.array(addressSchema) }),
      }),
      memberOnly,
      async (c) => {
        const memberId = requireMember(c);
        return c.json({ addresses: await listAddresses(deps.db, memberId) });
      },
    )
    .post(
      '/',
      documented({
        tag: 'accounts',
        summary: 'Add a shipping address',
        access: 'member',
        success: { 201: 'The new address' },
        response: z.object({ address: addressSchema }),
        errors: { 409: '`address_book_full`' },
      }),
      memberOnly,
      validate('json', shippingAddressSchema),
      async (c) => {
        const memberId = requireMember(c);
        const address = await createAddress(deps.db, memberId, c.req.valid('json'), deps.now());
        return c.json({ address }, 201);
      },
    )
    .post(
      '/overseas/',
      documented({
        tag: 'accounts',
        summary: 'Add an overseas shipping address (Latin letters; @shop/rules OVERSEAS_COUNTRIES)',
        access: 'member',
        success: { 201: 'The new address' },
        response: z.object({ address: addressSchema }),
        errors: { 409: '`address_book_full`' },
      }),
      memberOnly,
      validate('json', overseasAddressSchema),
      async (c) => {
        const memberId = requireMember(c);
        const address = await createAddress(deps.db, memberId, c.req.valid('json'), deps.now());
        return c.json({ address }, 201);
      },
    )
    .put(
      '/:id/overseas/',
      documented({
        tag: 'accounts',
        summary: 'Replace a shipping address with an overseas one',
        access: 'member',
        response: z.object({ address: addressSchema }),
        errors: {
          404: '`address_not_found`',
          409: '`default_address_required` (`isDefault: false` on the default address)',
        },
      }),
      memberOnly,
      validate('param', idParamSchema),
      validate('json', overseasAddressSchema),
      async (c) => {
        const memberId = requireMember(c);
        const { id } = c.req.valid('param');
        const address = await updateAddress(deps.db, memberId, id, c.req.valid('json'), deps.now());
        return c.json({ address });
      },
    )
    .get(
      '/:id/',
      documented({
        tag: 'accounts',
        summary: 'One shipping address',
        access: 'member',
        response: z.object({ address: addressSchema }),
        errors: { 404: '`address_not_found`' },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        const memberId = requireMember(c);
        return c.json({ address: await getAddress(deps.db, memberId, c.req.valid('param').id) });
      },
    )
    .put(
      '/:id/',
      documented({
        tag: 'accounts',
        summary: 'Replace a shipping address',
        access: 'member',
        response: z.object({ address: addressSchema }),
        errors: {
          404: '`address_not_found`',
          409: '`default_address_required` (`isDefault: false` on the default address)',
        },
      }),
      memberOnly,
      validate('param', idParamSchema),
      validate('json', shippingAddressSchema),
      async (c) => {
        const memberId = requireMember(c);
        const { id } = c.req.valid('param');
        const address = await updateAddress(deps.db, memberId, id, c.req.valid('json'), deps.now());
        return c.json({ address });
      },
    )
    .delete(
      '/:id/',
      documented({
        tag: 'accounts',
        summary: 'Delete a shipping address (the newest remaining one becomes the default)',
        access: 'member',
        success: { 204: 'Deleted' },
        errors: { 404: '`address_not_found`' },
      }),
      memberOnly,
      validate('param', idParamSchema),
      async (c) => {
        const memberId = requireMember(c);
        await deleteAddress(deps.db, memberId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
