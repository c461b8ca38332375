import { PREFECTURES } from '@shop/rules';
import { z } from 'zod';
import { FAVORITE_CONTENT_TYPES } from '../services/favorites';

// What the account endpoints answer, as the OpenAPI document describes it beside each route
// (routes/session.ts, user.ts, addressbook.ts, creditcard.ts, favorites.ts, takeover.ts,
// contact.ts): the services return these shapes, and test/openapi.test.ts parses real answers
// with them. The refusal texts shared by several operations are here too.

export const memberSchema = z.object({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  birthDate: z.iso.date().nullable(),
  isAdult: z.boolean(),
  createdAt: z.iso.datetime(),
});

export const sessionSchema = z.object({
  member: memberSchema.nullable(),
  csrfToken: z
    .string()
    .meta({ description: 'Send back as the x-csrf-token header on every POST/PUT/DELETE' }),
  expiresAt: z.string(),
  points: z.int(),
  cartCount: z.int(),
  unreadNotices: z.int().meta({ description: "The member's お知らせ not read yet (0 for guests)" }),
});

/**
 * The fields of a Japanese address and its recipient, as written, that a stored address and the
 * destination frozen on an order or a bundle both answer with (between postal code and phone).
 */
export const addressLineFields = {
  city: z.string(),
  street: z.string(),
  building: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  lastNameKana: z.string(),
  firstNameKana: z.string(),
};

export const addressSchema = z.object({
  id: z.int(),
  country: z.string().meta({
    description: "'JP', or the ISO 3166-1 code of an overseas address (OVERSEAS_COUNTRIES)",
  }),
  fullName: z.string().meta({ description: 'Overseas only (empty for JP)' }),
  line1: z.string().meta({ description: 'Overseas only (empty for JP)' }),
  line2: z.string().meta({ description: 'Overseas only (empty for JP)' }),
  region: z.string().meta({ description: 'Overseas only: state or province' }),
  postalCode: z.string().meta({ description: 'NNN-NNNN in Japan; as written abroad' }),
  prefecture: z.enum([...PREFECTURES, '']).meta({ description: 'Empty for an overseas address' }),
  ...addressLineFields,
  phone: z.string().meta({ description: 'Digits only' }),
  isDefault: z.boolean(),
});

export const cardSchema = z.object({
  id: z.int(),
  brand: z.string(),
  last4: z.string(),
  expire: z.string(),
});
export const favoriteStateSchema = z.object({
  contentType: z.enum(FAVORITE_CONTENT_TYPES),
  slug: z.string(),
  favorite: z.boolean(),
});
export const favoriteSchema = z.object({
  contentType: z.enum(FAVORITE_CONTENT_TYPES),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  addedAt: z.string(),
});
export const takeoverStatusSchema = z.object({
  linked: z.boolean(),
  linkedAt: z.string().nullable(),
  legacyEmail: z.string().nullable(),
});
export const legacyOrderSchema = z.object({
  orderNumber: z.string(),
  orderedAt: z.string(),
  status: z.string(),
  total: z.int(),
  items: z.array(z.object({ title: z.string(), quantity: z.int(), unitPrice: z.int() })),
});
export const blockerSchema = z.object({ code: z.string(), message: z.string(), count: z.int() });

export const THROTTLED = '`too_many_attempts` with `Retry-After` (seconds)';
export const HASH_BUSY =
  '`password_checks_busy` with `Retry-After` (seconds): too many password checks are queued; retry shortly';
export const CARD_GATEWAY_DOWN = '`payment_unavailable`: the card gateway cannot be reached';
