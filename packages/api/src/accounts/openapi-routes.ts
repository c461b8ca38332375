import { PREFECTURES } from '@shop/rules';
import { z } from 'zod';
import type { RouteDoc } from '../openapi';
import { contactSchema } from '../services/contact';
import { FAVORITE_CONTENT_TYPES } from '../services/favorites';
import { takeoverSchema } from '../services/takeover';
import { shippingAddressSchema } from './address';
import { cardRegistrationSchema } from './card-token';
import { loginSchema, passwordInputSchema, registrationSchema } from './member-schemas';
import { idParamSchema } from './params';

// The account endpoints for the OpenAPI document. Request schemas are the ones the routes
// validate with; response schemas describe what the services return.

const memberSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  birthDate: z.string().nullable(),
  isAdult: z.boolean(),
  createdAt: z.string(),
});

const sessionSchema = z.object({
  member: memberSchema.nullable(),
  csrfToken: z
    .string()
    .meta({ description: 'Send back as the x-csrf-token header on every POST/PUT/DELETE' }),
  expiresAt: z.string(),
  points: z.int(),
  cartCount: z.int(),
});

const addressSchema = z.object({
  id: z.int(),
  postalCode: z.string().meta({ description: 'NNN-NNNN' }),
  prefecture: z.enum(PREFECTURES),
  city: z.string(),
  street: z.string(),
  building: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  lastNameKana: z.string(),
  firstNameKana: z.string(),
  phone: z.string().meta({ description: 'Digits only' }),
  isDefault: z.boolean(),
});

const cardSchema = z.object({
  id: z.int(),
  brand: z.string(),
  last4: z.string(),
  expire: z.string(),
});
const contentTypeParam = z.object({ contentType: z.enum(FAVORITE_CONTENT_TYPES) });
const favoriteItemParam = contentTypeParam.extend({ slug: z.string() });
const favoriteSchema = z.object({
  contentType: z.enum(FAVORITE_CONTENT_TYPES),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  addedAt: z.string(),
});
const takeoverStatusSchema = z.object({
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
  legacyEmail: z.string().nullable(),
});
const legacyOrderSchema = z.object({
  orderNumber: z.string(),
  orderedAt: z.string(),
  status: z.string(),
  total: z.int(),
  items: z.array(z.object({ title: z.string(), quantity: z.int(), unitPrice: z.int() })),
});
const blockerSchema = z.object({ code: z.string(), message: z.string(), count: z.int() });

export const ACCOUNT_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/session/',
    tag: 'accounts',
    summary: 'Current session and CSRF token (starts a guest session)',
    response: sessionSchema,
  },
  {
    method: 'post',
    path: '/api/session/login/',
    tag: 'accounts',
    summary: 'Log in (rotates the session; throttled)',
    body: loginSchema,
    response: sessionSchema,
  },
  { method: 'post', path: '/api/session/logout/', tag: 'accounts', summary: 'Log out (204)' },
  {
    method: 'post',
    path: '/api/user/register/',
    tag: 'accounts',
    summary: 'Register and log in (201)',
    body: registrationSchema,
    response: sessionSchema,
  },
  {
    method: 'get',
    path: '/api/user/usershippingaddress/',
    tag: 'accounts',
    summary: 'The default shipping address',
    response: z.object({ address: addressSchema.nullable() }),
  },
  {
    method: 'put',
    path: '/api/user/usershippingaddress/',
    tag: 'accounts',
    summary: 'Write the default shipping address',
    body: shippingAddressSchema,
    response: z.object({ address: addressSchema }),
  },
  {
    method: 'get',
    path: '/api/user/delete/',
    tag: 'accounts',
    summary: 'Whether the member may withdraw now',
    response: z.object({ canWithdraw: z.boolean(), blockers: z.array(blockerSchema) }),
  },
  {
    method: 'post',
    path: '/api/user/delete/',
    tag: 'accounts',
    summary: 'Withdraw (refused while orders are open)',
    body: z.object({ password: passwordInputSchema }),
    response: z.object({ withdrawn: z.literal(true) }),
  },
  {
    method: 'get',
    path: '/api/addressbook/',
    tag: 'accounts',
    summary: 'Shipping addresses',
    response: z.object({ addresses: z.array(addressSchema) }),
  },
  {
    method: 'post',
    path: '/api/addressbook/',
    tag: 'accounts',
    summary: 'Add a shipping address (201)',
    body: shippingAddressSchema,
    response: z.object({ address: addressSchema }),
  },
  {
    method: 'get',
    path: '/api/addressbook/{id}/',
    tag: 'accounts',
    summary: 'One shipping address',
    params: idParamSchema,
    response: z.object({ address: addressSchema }),
  },
  {
    method: 'put',
    path: '/api/addressbook/{id}/',
    tag: 'accounts',
    summary: 'Replace a shipping address',
    params: idParamSchema,
    body: shippingAddressSchema,
    response: z.object({ address: addressSchema }),
  },
  {
    method: 'delete',
    path: '/api/addressbook/{id}/',
    tag: 'accounts',
    summary: 'Delete a shipping address (204)',
    params: idParamSchema,
  },
  {
    method: 'get',
    path: '/api/addressbook/postal-code/{code}/',
    tag: 'accounts',
    summary: 'Addresses of a postal code (Japan Post data, offline)',
    params: z.object({ code: z.string().regex(/^\d{3}-?\d{4}$/) }),
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
  },
  {
    method: 'get',
    path: '/api/gmo-multipay/creditcard/',
    tag: 'accounts',
    summary: 'Saved cards',
    response: z.object({ cards: z.array(cardSchema) }),
  },
  {
    method: 'post',
    path: '/api/gmo-multipay/creditcard/',
    tag: 'accounts',
    summary: 'Save a card from a gateway token (201)',
    body: cardRegistrationSchema,
    response: z.object({ card: cardSchema }),
  },
  {
    method: 'delete',
    path: '/api/gmo-multipay/creditcard/{id}/',
    tag: 'accounts',
    summary: 'Delete a saved card (204)',
    params: idParamSchema,
  },
  {
    method: 'get',
    path: '/api/favorites/{contentType}/',
    tag: 'accounts',
    summary: 'Favourites of one type, newest first',
    params: contentTypeParam,
    query: z.object({ page: z.int().min(1).optional() }),
    response: z.object({ total: z.int(), page: z.int(), items: z.array(favoriteSchema) }),
  },
  {
    method: 'post',
    path: '/api/favorites/{contentType}/',
    tag: 'accounts',
    summary: 'Add a favourite (201, or 200 when present)',
    params: contentTypeParam,
    body: z.object({ slug: z.string() }),
  },
  {
    method: 'get',
    path: '/api/favorites/{contentType}/{slug}/',
    tag: 'accounts',
    summary: 'Whether a target is a favourite',
    params: favoriteItemParam,
    response: z.object({ contentType: z.string(), slug: z.string(), favorite: z.boolean() }),
  },
  {
    method: 'delete',
    path: '/api/favorites/{contentType}/{slug}/',
    tag: 'accounts',
    summary: 'Remove a favourite (204)',
    params: favoriteItemParam,
  },
  {
    method: 'get',
    path: '/api/takeover/usertakeover/',
    tag: 'accounts',
    summary: 'Takeover status',
    response: takeoverStatusSchema,
  },
  {
    method: 'post',
    path: '/api/takeover/usertakeover/',
    tag: 'accounts',
    summary: 'Link an account of the old shop, once',
    body: takeoverSchema,
    response: takeoverStatusSchema,
  },
  {
    method: 'get',
    path: '/api/takeover/orderhistory/',
    tag: 'accounts',
    summary: "The linked old account's orders",
    response: z.object({ orders: z.array(legacyOrderSchema) }),
  },
  {
    method: 'get',
    path: '/api/contact/',
    tag: 'accounts',
    summary: 'Contact form settings (categories, bot-check site key)',
    response: z.object({
      categories: z.array(z.string()),
      botCheck: z.object({ enabled: z.boolean(), siteKey: z.string().nullable() }),
    }),
  },
  {
    method: 'post',
    path: '/api/contact/',
    tag: 'accounts',
    summary: 'Send a contact message (201)',
    body: contactSchema,
    response: z.object({ id: z.int(), received: z.literal(true) }),
  },
];
