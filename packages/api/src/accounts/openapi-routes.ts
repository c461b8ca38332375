import { PREFECTURES } from '@shop/rules';
import { z } from 'zod';
import type { RouteDoc } from '../lib/route-doc';
import { postalCodeParamSchema } from '../routes/addressbook';
import { addBody, itemParam, listQuery, typeParam } from '../routes/favorites';
import { withdrawalSchema } from '../routes/user';
import { contactSchema } from '../services/contact';
import { FAVORITE_CONTENT_TYPES } from '../services/favorites';
import { takeoverSchema } from '../services/takeover';
import { shippingAddressSchema } from './address';
import { cardRegistrationSchema } from './card-token';
import { loginSchema, registrationSchema } from './member-schemas';
import { idParamSchema } from './params';

// The account endpoints for the OpenAPI document. Request schemas are the very objects the
// routes validate with (imported from them); response schemas describe what the services
// return, and test/openapi.test.ts parses real answers with them.

const memberSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  birthDate: z.iso.date().nullable(),
  isAdult: z.boolean(),
  createdAt: z.iso.datetime(),
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
const favoriteStateSchema = z.object({
  contentType: z.enum(FAVORITE_CONTENT_TYPES),
  slug: z.string(),
  favorite: z.boolean(),
});
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

const THROTTLED = '`too_many_attempts` with `Retry-After` (seconds)';
const HASH_BUSY =
  '`password_checks_busy` with `Retry-After` (seconds): too many password checks are queued; retry shortly';
const CARD_GATEWAY_DOWN = '`payment_unavailable`: the card gateway cannot be reached';

export const ACCOUNT_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/session/',
    tag: 'accounts',
    summary:
      'Current session and CSRF token (gives a browser without one a session cookie; stores nothing)',
    response: sessionSchema,
  },
  {
    method: 'post',
    path: '/api/session/login/',
    tag: 'accounts',
    summary: "Log in: a new session cookie and CSRF token; the guest cart joins the member's",
    body: loginSchema,
    response: sessionSchema,
    errors: { 401: '`invalid_credentials`', 429: THROTTLED, 503: HASH_BUSY },
  },
  {
    method: 'post',
    path: '/api/session/logout/',
    tag: 'accounts',
    summary: 'Log out: the session ends and its cookie is cleared',
    success: { 204: 'Logged out' },
  },
  {
    method: 'post',
    path: '/api/user/register/',
    tag: 'accounts',
    summary: 'Register and log in (a new session cookie and CSRF token)',
    body: registrationSchema,
    success: { 201: "The new member's session" },
    response: sessionSchema,
    errors: {
      400: '`invalid_birth_date` (in the future)',
      409: '`email_taken`',
      429: THROTTLED,
      503: HASH_BUSY,
    },
  },
  {
    method: 'get',
    path: '/api/user/usershippingaddress/',
    tag: 'accounts',
    summary: 'The default shipping address (null when there is none)',
    access: 'member',
    response: z.object({ address: addressSchema.nullable() }),
  },
  {
    method: 'put',
    path: '/api/user/usershippingaddress/',
    tag: 'accounts',
    summary: 'Write the default shipping address (creates it when there is none)',
    access: 'member',
    body: shippingAddressSchema,
    response: z.object({ address: addressSchema }),
    errors: { 409: '`address_book_full`' },
  },
  {
    method: 'get',
    path: '/api/user/delete/',
    tag: 'accounts',
    summary: 'Whether the member may withdraw now, and what blocks it',
    access: 'member',
    response: z.object({ canWithdraw: z.boolean(), blockers: z.array(blockerSchema) }),
  },
  {
    method: 'post',
    path: '/api/user/delete/',
    tag: 'accounts',
    summary: 'Withdraw: erases personal data, ends every session, clears the cookie',
    access: 'member',
    body: withdrawalSchema,
    response: z.object({ withdrawn: z.literal(true) }),
    errors: {
      401: '`invalid_password`',
      409: '`withdrawal_blocked`: orders are open (the reasons in `details`)',
      429: THROTTLED,
      503: HASH_BUSY,
    },
  },
  {
    method: 'get',
    path: '/api/addressbook/',
    tag: 'accounts',
    summary: 'Shipping addresses, the default first',
    access: 'member',
    response: z.object({ addresses: z.array(addressSchema) }),
  },
  {
    method: 'post',
    path: '/api/addressbook/',
    tag: 'accounts',
    summary: 'Add a shipping address',
    access: 'member',
    body: shippingAddressSchema,
    success: { 201: 'The new address' },
    response: z.object({ address: addressSchema }),
    errors: { 409: '`address_book_full`' },
  },
  {
    method: 'get',
    path: '/api/addressbook/{id}/',
    tag: 'accounts',
    summary: 'One shipping address',
    access: 'member',
    params: idParamSchema,
    response: z.object({ address: addressSchema }),
    errors: { 404: '`address_not_found`' },
  },
  {
    method: 'put',
    path: '/api/addressbook/{id}/',
    tag: 'accounts',
    summary: 'Replace a shipping address',
    access: 'member',
    params: idParamSchema,
    body: shippingAddressSchema,
    response: z.object({ address: addressSchema }),
    errors: {
      404: '`address_not_found`',
      409: '`default_address_required` (`isDefault: false` on the default address)',
    },
  },
  {
    method: 'delete',
    path: '/api/addressbook/{id}/',
    tag: 'accounts',
    summary: 'Delete a shipping address (the newest remaining one becomes the default)',
    access: 'member',
    params: idParamSchema,
    success: { 204: 'Deleted' },
    errors: { 404: '`address_not_found`' },
  },
  {
    method: 'get',
    path: '/api/addressbook/postal-code/{code}/',
    tag: 'accounts',
    summary: 'Addresses of a postal code (Japan Post data, offline; open to guests)',
    params: postalCodeParamSchema,
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
  },
  {
    method: 'get',
    path: '/api/gmo-multipay/creditcard/',
    tag: 'accounts',
    summary: 'Saved cards',
    access: 'member',
    response: z.object({ cards: z.array(cardSchema) }),
  },
  {
    method: 'post',
    path: '/api/gmo-multipay/creditcard/',
    tag: 'accounts',
    summary:
      'Save a card from a gateway token (a body holding a card number is refused); refused cards are throttled per member and per client address',
    access: 'member',
    body: cardRegistrationSchema,
    success: { 201: 'The saved card' },
    response: z.object({ card: cardSchema }),
    errors: {
      400: '`card_declined`, `invalid_card_token` (used or malformed token)',
      409: '`card_limit_reached` (saved cards and registrations in progress fill the limit), `card_registration_conflict`',
      429: THROTTLED,
      503: CARD_GATEWAY_DOWN,
    },
  },
  {
    method: 'delete',
    path: '/api/gmo-multipay/creditcard/{id}/',
    tag: 'accounts',
    summary: 'Delete a saved card (here and at the gateway)',
    access: 'member',
    params: idParamSchema,
    success: { 204: 'Deleted' },
    errors: { 404: '`card_not_found`', 503: CARD_GATEWAY_DOWN },
  },
  {
    method: 'get',
    path: '/api/favorites/{contentType}/',
    tag: 'accounts',
    summary: 'Favourites of one type, newest first',
    access: 'member',
    params: typeParam,
    query: listQuery,
    response: z.object({
      total: z.int(),
      page: z.int(),
      pageSize: z.int().meta({ description: 'Favourites a page holds (the last may hold fewer)' }),
      items: z.array(favoriteSchema),
    }),
  },
  {
    method: 'post',
    path: '/api/favorites/{contentType}/',
    tag: 'accounts',
    summary: 'Add a favourite',
    access: 'member',
    params: typeParam,
    body: addBody,
    success: { 201: 'Added', 200: 'It already was a favourite' },
    response: favoriteStateSchema,
    errors: { 404: '`favorite_target_not_found`', 409: '`favorite_limit_reached`' },
  },
  {
    method: 'get',
    path: '/api/favorites/{contentType}/{slug}/',
    tag: 'accounts',
    summary: 'Whether a target is a favourite',
    access: 'member',
    params: itemParam,
    response: favoriteStateSchema,
  },
  {
    method: 'delete',
    path: '/api/favorites/{contentType}/{slug}/',
    tag: 'accounts',
    summary: 'Remove a favourite',
    access: 'member',
    params: itemParam,
    success: { 204: 'Removed' },
    errors: { 404: '`favorite_not_found`' },
  },
  {
    method: 'get',
    path: '/api/takeover/usertakeover/',
    tag: 'accounts',
    summary: 'Takeover status',
    access: 'member',
    response: takeoverStatusSchema,
  },
  {
    method: 'post',
    path: '/api/takeover/usertakeover/',
    tag: 'accounts',
    summary: 'Link an account of the old shop, once',
    access: 'member',
    body: takeoverSchema,
    response: takeoverStatusSchema,
    errors: {
      401: '`takeover_not_found`',
      409: '`takeover_already_done`, `takeover_account_used`',
      429: THROTTLED,
      503: HASH_BUSY,
    },
  },
  {
    method: 'get',
    path: '/api/takeover/orderhistory/',
    tag: 'accounts',
    summary: "The linked old account's orders",
    access: 'member',
    response: z.object({ orders: z.array(legacyOrderSchema) }),
    errors: { 404: '`takeover_not_linked`' },
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
    summary: 'Send a contact message',
    body: contactSchema,
    success: { 201: 'Received' },
    response: z.object({ id: z.int(), received: z.literal(true) }),
    errors: { 400: '`bot_check_failed`', 429: THROTTLED },
  },
];
