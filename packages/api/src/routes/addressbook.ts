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

/** An address form the book takes: where its writes are, what validates it, their summaries. */
interface AddressForm {
  /** Below the book (`''`) and below an entry (`/{id}/`): the Japanese form is at both roots. */
  path: '' | 'overseas/';
  schema: typeof shippingAddressSchema | typeof overseasAddressSchema;
  add: string;
  replace: string;
}

const JAPANESE_FORM: AddressForm = {
  path: '',
  schema: shippingAddressSchema,
  add: 'Add a shipping address',
  replace: 'Replace a shipping address',
};

const OVERSEAS_FORM: AddressForm = {
  path: 'overseas/',
  schema: overseasAddressSchema,
  add: 'Add an overseas shipping address (Latin letters; @shop/rules OVERSEAS_COUNTRIES)',
  replace: 'Replace a shipping address with an overseas one',
};

/**
 * Add an address of one form (POST) and replace an entry with one (PUT), which may have been of
 * the other form: the entry takes the form it is written with.
 */
function addressFormRoutes(deps: AppDeps, form: AddressForm) {
  return new Hono()
    .post(
      `/${form.path}`,
      documented({
        tag: 'accounts',
        summary: form.add,
        access: 'member',
        success: { 201: 'The new address' },
        response: z.object({ address: addressSchema }),
        errors: { 409: '`address_book_full`' },
      }),
      memberOnly,
      validate('json', form.schema),
      async (c) => {
        const memberId = requireMember(c);
        const address = await createAddress(deps.db, memberId, c.req.valid('json'), deps.now());
        return c.json({ address }, 201);
      },
    )
    .put(
      `/:id/${form.path}`,
      documented({
        tag: 'accounts',
        summary: form.replace,
        access: 'member',
        response: z.object({ address: addressSchema }),
        errors: {
          404: '`address_not_found`',
          409: '`default_address_required` (`isDefault: false` on the default address)',
        },
      }),
      memberOnly,
      validate('param', idParamSchema),
      validate('json', form.schema),
      async (c) => {
        const memberId = requireMember(c);
        const { id } = c.req.valid('param');
        const address = await updateAddress(deps.db, memberId, id, c.req.valid('json'), deps.now());
        return c.json({ address });
      },
    );
}

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
    .route('/', addressFormRoutes(deps, JAPANESE_FORM))
    .route('/', addressFormRoutes(deps, OVERSEAS_FORM))
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
