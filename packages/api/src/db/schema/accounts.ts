import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, timestamptz, updatedAt } from './columns';

// Account tables: members, their sessions and everything a member keeps (addresses, saved cards,
// favourites), the old shop's accounts for takeover, and contact messages. Personal data sits in
// these tables only, so withdrawal can erase it without touching order records.

/**
 * Members. A withdrawn member keeps its row (orders point at it) with every personal field
 * erased; the e-mail address is unique among members that have not withdrawn only, so it can
 * register again.
 */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased; null once withdrawn. */
    email: text('email'),
    /** `$scrypt$...` (see auth/password.ts); null once withdrawn, so login is impossible. */
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    /** For adult-only items (18+); a JST calendar day. */
    birthDate: date('birth_date', { mode: 'string' }),
    /** The member's id at the card gateway, set when the first card is saved. */
    gatewayMemberId: text('gateway_member_id').unique(),
    createdAt: createdAt(),
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('members_active_email_idx').on(t.email).where(sql`${t.withdrawnAt} is null`),
    check(
      'members_withdrawn_erased',
      sql`${t.withdrawnAt} is null or (${t.email} is null and ${t.passwordHash} is null)`,
    ),
  ],
);

/**
 * Server-side sessions. A guest gets a row only with its first cart line (until then its cookie
 * alone carries it, see middleware/session.ts); a member's row is made or rotated at login. Only
 * a SHA-256 of the cookie's id is stored. Login rotates `id_hash` (the cookie) but keeps `id`, so
 * whatever hangs off a guest session (its cart) is still reachable afterwards. Expired rows are
 * deleted by the purge job (services/purge-expired.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    idHash: text('id_hash').notNull().unique(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    /** min(last seen + idle window, created + absolute lifetime): purge scans this. */
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('sessions_member_idx').on(t.memberId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Secrets every API instance must share, created by the first instance that needs one
 * (services/server-secrets.ts): `guest-csrf`, the key of the guests' CSRF tokens.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** base64url of 32 random bytes. */
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Failure counters for throttled actions, keyed like `login-account:<email>` or
 * `login-address:<ip>`. In the database so every API instance sees the same counts.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  lockedUntil: timestamptz('locked_until'),
});

/** The member's address book; at most one default per member (partial unique index). */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: ownedBy('member_id', () => members.id),
    /** `NNN-NNNN`. */
    postalCode: text('postal_code').notNull(),
    prefecture: text('prefecture').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    building: text('building').notNull().default(''),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    /** Digits only (an overseas phone may start with `+`). */
    phone: text('phone').notNull(),
    /**
     * `JP`, or the ISO code of an overseas address (@shop/rules `OVERSEAS_COUNTRIES`). An
     * overseas row keeps postal_code, city and phone, fills full_name, line1, line2 and region,
     * and leaves the Japanese-only columns (prefecture, street, building, names, readings) empty.
     */
    country: text('country').notNull().default('JP'),
    fullName: text('full_name').notNull().default(''),
    line1: text('line1').notNull().default(''),
    line2: text('line2').notNull().default(''),
    region: text('region').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipping_addresses_member_idx').on(t.memberId),
    uniqueIndex('shipping_addresses_one_default_idx').on(t.memberId).where(sql`${t.isDefault}`),
    check(
      'shipping_addresses_one_kind',
      sql`(${t.country} = 'JP' and ${t.line1} = '') or (${t.country} <> 'JP' and ${t.prefecture} = '' and ${t.line1} <> '')`,
    ),
  ],
);

/**
 * Cards saved at the gateway. Only the gateway's reference, brand, last four digits and expiry:
 * the card number and security code never reach the shop.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: ownedBy('member_id', () => members.id),
    /** The card's sequence number under the member at the gateway (GMO CardSeq). */
    cardSeq: text('card_seq').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** `YYMM`. */
    expire: text('expire').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_cards_member_seq_idx').on(t.memberId, t.cardSeq),
    check('saved_cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_expire_yymm', sql`${t.expire} ~ '^[0-9]{4}$'`),
  ],
);

/** Favourites: a product, a series (intellectualproperty) or an author, by the target's id. */
export const favorites = pgTable(
  'favorites',
  {
    memberId: ownedBy('member_id', () => members.id),
    contentType: text('content_type', {
      enum: ['product', 'intellectualproperty', 'author'],
    }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.contentType, t.targetId] }),
    index('favorites_member_created_idx').on(t.memberId, t.contentType, t.createdAt),
  ],
);

/**
 * Accounts of the old shop (引き継ぎ). A member links one by its e-mail and password or by its
 * takeover code, once: `linked_member_id` is unique and never set twice.
 */
export const legacyAccounts = pgTable('legacy_accounts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Lower-cased; null once the linked member withdrew. */
  email: text('email').unique(),
  passwordHash: text('password_hash'),
  /** SHA-256 of the takeover code printed in the old shop's final mail. */
  takeoverCodeHash: text('takeover_code_hash').unique(),
  name: text('name').notNull().default(''),
  linkedMemberId: integer('linked_member_id')
    .unique()
    .references(() => members.id),
  linkedAt: timestamptz('linked_at'),
  createdAt: createdAt(),
});

export interface LegacyOrderItem {
  title: string;
  quantity: number;
  unitPrice: number;
}

/** The old shop's orders, shown read-only under /mypage/takeover/order-history. */
export const legacyOrders = pgTable(
  'legacy_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    legacyAccountId: ownedBy('legacy_account_id', () => legacyAccounts.id),
    orderNumber: text('order_number').notNull().unique(),
    orderedAt: timestamptz('ordered_at').notNull(),
    /** The old shop's label (発送済み, キャンセル ...). */
    status: text('status').notNull(),
    total: integer('total').notNull(),
    items: jsonb('items').$type<LegacyOrderItem[]>().notNull(),
  },
  (t) => [index('legacy_orders_account_idx').on(t.legacyAccountId, t.orderedAt)],
);

/** Where the staff are with a contact message (the back office's inbox). */
export const CONTACT_STATUSES = ['new', 'in_progress', 'done'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/**
 * Messages sent through the contact form, with the staff's handling of each: its status and an
 * internal note (never shown to the sender), `updated_at` when the staff last changed them.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id').references(() => members.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    status: text('status').$type<ContactStatus>().notNull().default('new'),
    staffNote: text('staff_note').notNull().default(''),
    updatedAt: timestamptz('updated_at'),
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.id),
    check('contact_messages_status_known', sql`${t.status} in ('new', 'in_progress', 'done')`),
  ],
);

/**
 * The single-use links mailed to protect an account (services/account-links.ts): a password
 * reset, or the confirmation of a new e-mail address (`new_email`). Only a SHA-256 of the link's
 * token is stored; `used_at` is set by the one use that wins (the UPDATE's row lock serialises
 * two at once), and a newer link of the same purpose retires the older ones.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** A @shop/rules AccountLinkPurpose. */
    purpose: text('purpose').notNull(),
    memberId: ownedBy('member_id', () => members.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address being verified (lower-cased), for an e-mail change. */
    newEmail: text('new_email'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    index('account_links_member_idx').on(t.memberId, t.purpose),
    check('account_links_purpose_known', sql`${t.purpose} in ('password_reset', 'email_change')`),
    check(
      'account_links_new_email_for_change',
      sql`(${t.purpose} = 'email_change') = (${t.newEmail} is not null)`,
    ),
  ],
);
