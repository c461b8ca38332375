import type { CarrierName, ReleaseDatePrecision } from '@shop/rules';
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
import { members, sessions } from './accounts';
import { benefits, orderItems, orders, variations } from './catalog';
import { createdAt, timestamptz, updatedAt } from './columns';

// Commerce tables: carts, checkouts (idempotency), the commerce side of orders, payments,
// points, benefit claims, bundles and order history, plus the sandbox gateway's own state.
// Invariants that must hold under concurrency are enforced by the database as well as the code:
// stock and benefit counters only move through conditional updates, and the point balance is
// maintained by a trigger on the append-only ledger and can never go below zero (CHECK).

/**
 * Machine values of an order's state: @shop/rules `ORDER_STATES` (whose `orderStateLabel` gives
 * 予約中, 入金待ち ...). The database refuses any other value with the CHECK `orders_status_known`
 * (drizzle/0004_orders_invariants.sql); orders.test.ts keeps the two lists equal.
 */
export { ORDER_STATES, type OrderState } from '@shop/rules';

/** A cart: a member's (one per member) or a guest session's (one per session). */
export const carts = pgTable(
  'carts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .unique()
      .references(() => members.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .unique()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
    /**
     * The checkout that last claimed this cart's lines (`claimCart`,
     * services/checkout/claim-cart.ts). They are that checkout's alone while it is
     * `in_progress`: another confirm of the cart, with another idempotency key, is refused
     * before it reaches the gateway. Nothing clears it; a checkout that completed or was
     * released holds nothing.
     */
    checkoutId: bigint('checkout_id', { mode: 'number' }).references(() => checkouts.id),
  },
  (t) => [check('carts_one_owner', sql`(${t.memberId} is null) <> (${t.sessionId} is null)`)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: bigint('cart_id', { mode: 'number' })
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id')
      .notNull()
      .references(() => variations.id),
    quantity: integer('quantity').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variationId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * One confirm request of a checkout or reservation, keyed by the client's idempotency key per
 * member. `request_hash` is a SHA-256 of the canonical request; `state` moves in_progress →
 * completed (with the response to replay) or released (the attempt failed and changed nothing
 * but its voided payments; the key may be used again). `lease_until` lets a retry take over an
 * attempt whose server died.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_progress', 'completed', 'released'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    leaseUntil: timestamptz('lease_until').notNull(),
    /**
     * Fencing token: raised whenever a retry or the recovery takes the key over, so an attempt
     * that outlived its lease can neither complete the checkout nor release the key.
     */
    attempt: integer('attempt').notNull().default(1),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('checkouts_member_key_idx').on(t.memberId, t.idempotencyKey),
    index('checkouts_in_progress_idx').on(t.leaseUntil).where(sql`${t.state} = 'in_progress'`),
  ],
);

/** The destination frozen at checkout (an address-book entry may change or vanish later). */
export interface AddressSnapshot {
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  building: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  phone: string;
  /**
   * `JP`, or the ISO code of an overseas destination with its Latin-letter lines (absent from
   * snapshots taken before overseas addresses existed: those are Japanese).
   */
  country?: string;
  fullName?: string;
  line1?: string;
  line2?: string;
  region?: string;
}

/**
 * Where the money of an order paid before shipping goes, as printed at checkout (the shop's
 * payee settings may change later; the shopper keeps the account they were given): a virtual
 * account of the shop's bank for this one order, or the shop's ゆうちょ account.
 */
export type PaymentAccount =
  | {
      kind: 'bank_transfer';
      bankName: string;
      branchName: string;
      accountType: '普通';
      accountNumber: string;
      accountHolder: string;
    }
  | { kind: 'yucho'; symbol: string; number: string; accountHolder: string };

/**
 * The commerce side of an order (1:1 with `orders`, whose `status` holds the OrderState).
 * Released items form one order that ships now; each future release date its own reservation
 * order. Amounts are integer yen: `orders.total` = subtotal + shipping + payment fee, of which
 * `points_used` are paid by points and `amount_due` by the payment method.
 */
export const orderDetails = pgTable(
  'order_details',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    checkoutId: bigint('checkout_id', { mode: 'number' }).references(() => checkouts.id),
    isReservation: boolean('is_reservation').notNull(),
    /** The JST release day a reservation order waits for; null for items already out. */
    releaseDate: date('release_date', { mode: 'string' }),
    /**
     * How precisely release_date is known (@shop/rules ReleaseDatePrecision), as of the order's
     * products when it was placed or when the operator last moved one of them while it was open
     * (services/orders.ts changeReleaseDate); null exactly when release_date is.
     */
    releaseDatePrecision: text('release_date_precision').$type<ReleaseDatePrecision>(),
    shippingMethod: text('shipping_method').notNull(),
    paymentMethod: text('payment_method').notNull(),
    deliveryTimeSlot: text('delivery_time_slot').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    shippingFee: integer('shipping_fee').notNull(),
    paymentFee: integer('payment_fee').notNull(),
    pointsUsed: integer('points_used').notNull(),
    amountDue: integer('amount_due').notNull(),
    /** Points the order earns; granted when it ships. */
    pointsToGrant: integer('points_to_grant').notNull(),
    /** Where to send the money of an order paid before shipping (null for any other order). */
    paymentAccount: jsonb('payment_account').$type<PaymentAccount>(),
    /**
     * The last JST day the money may arrive (@shop/rules paymentDueDate), set when the order
     * becomes 入金待ち: at checkout for an order that ships now, at the release for a reservation
     * (docs/lifecycle.md). Null while a reservation waits, and for orders paid otherwise.
     */
    paymentDueDate: date('payment_due_date', { mode: 'string' }),
    /** When bank transfer / Yucho money arrived, or null. */
    paidAt: timestamptz('paid_at'),
    shippedAt: timestamptz('shipped_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** Who carries the parcel (@shop/rules CARRIERS) and its tracking number, set when shipped. */
    carrier: text('carrier').$type<CarrierName>(),
    trackingNumber: text('tracking_number'),
    bundleId: bigint('bundle_id', { mode: 'number' }).references(() => bundles.id),
    /**
     * The order holds a 価格未定 item (an order_items.unit_price is null): its amounts are 0 and
     * wait for the price (docs/catalog-mail.md, "価格決定"); no card is authorised and no transfer
     * is asked for until then.
     */
    pricePending: boolean('price_pending').notNull().default(false),
    /** When the last 価格未定 item of the order was priced (and the order quoted again). */
    priceDecidedAt: timestamptz('price_decided_at'),
    /**
     * The member's saved card a 価格未定 order paid by card is authorised with when the price is
     * decided (a one-time card token cannot wait that long); null otherwise.
     */
    pendingCardId: integer('pending_card_id'),
  },
  (t) => [
    index('order_details_price_pending_idx').on(t.orderId).where(sql`${t.pricePending}`),
    index('order_details_member_idx').on(t.memberId, t.orderId),
    // The back office's release-day filter (admin/order-queries.ts).
    index('order_details_release_idx').on(t.releaseDate).where(sql`${t.releaseDate} is not null`),
    index('order_details_bundle_idx').on(t.bundleId),
    check(
      'order_details_release_precision',
      sql`(${t.releaseDate} is null) = (${t.releaseDatePrecision} is null) and ${t.releaseDatePrecision} in ('day', 'month_part', 'month')`,
    ),
    check(
      'order_details_tracking',
      sql`(${t.carrier} is null) = (${t.trackingNumber} is null) and ${t.carrier} in ('yamato', 'sagawa', 'japan_post')`,
    ),
    index('order_details_payment_due_idx')
      .on(t.paymentDueDate)
      .where(sql`${t.paymentDueDate} is not null and ${t.paidAt} is null`),
    check(
      'order_details_amounts',
      sql`${t.shippingFee} >= 0 and ${t.paymentFee} >= 0 and ${t.pointsUsed} >= 0 and ${t.amountDue} >= 0 and ${t.pointsToGrant} >= 0`,
    ),
  ],
);

/**
 * A card payment of one order at the gateway. The row is written (pending) before the gateway
 * is called, so a crash between the gateway's answer and the order's commit leaves a trace the
 * recovery finds and voids.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    checkoutId: bigint('checkout_id', { mode: 'number' })
      .notNull()
      .references(() => checkouts.id),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    gateway: text('gateway', { enum: ['gmo', 'sandbox'] }).notNull(),
    /** The checkout attempt (checkouts.attempt) that authorised it. */
    attempt: integer('attempt').notNull().default(1),
    gatewayOrderId: text('gateway_order_id').notNull().unique(),
    amount: integer('amount').notNull(),
    status: text('status', {
      enum: ['pending', 'authorized', 'captured', 'voided', 'failed'],
    }).notNull(),
    accessId: text('access_id'),
    accessPass: text('access_pass'),
    transactionId: text('transaction_id'),
    failureCodes: text('failure_codes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_checkout_idx').on(t.checkoutId),
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The point ledger: append-only (a trigger refuses UPDATE and DELETE). `amount` is signed:
 * grant and refund add, use, cancel (of a grant) and expiry subtract; `adjust` is a staff
 * member's correction either way, with its `reason` (required for it, shown to no one else).
 */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', {
      enum: ['grant', 'use', 'refund', 'cancel', 'expiry', 'adjust'],
    }).notNull(),
    amount: integer('amount').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('point_ledger_member_idx').on(t.memberId, t.id),
    check(
      'point_ledger_sign',
      sql`(${t.kind} in ('grant', 'refund') and ${t.amount} > 0) or (${t.kind} in ('use', 'cancel', 'expiry') and ${t.amount} < 0) or (${t.kind} = 'adjust' and ${t.amount} <> 0)`,
    ),
    check('point_ledger_adjust_reason', sql`(${t.kind} = 'adjust') = (${t.reason} is not null)`),
  ],
);

/**
 * Each member's balance, written only by the ledger's insert trigger (so it always equals the
 * ledger's sum) and never negative (CHECK): a spend that would overdraw fails in the database
 * even if the code's own check were wrong.
 */
export const pointBalances = pgTable(
  'point_balances',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    balance: integer('balance').notNull(),
  },
  (t) => [check('point_balances_not_negative', sql`${t.balance} >= 0`)],
);

/** Benefits (特典) handed to an order line; returned (released_at) when the order is cancelled. */
export const benefitClaims = pgTable(
  'benefit_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    benefitId: integer('benefit_id')
      .notNull()
      .references(() => benefits.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    releasedAt: timestamptz('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('benefit_claims_order_idx').on(t.orderId),
    index('benefit_claims_benefit_idx').on(t.benefitId),
    check('benefit_claims_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Bundled shipping (おまとめ配送): several open orders of a member shipped as one, with the
 * shipping fee charged once on their combined subtotal. The confirm request's idempotency key
 * and request hash live on the bundle itself: confirming is one transaction, so a bundle row
 * exists exactly when its key has been used.
 */
export const bundles = pgTable(
  'bundles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    state: text('state', { enum: ['open', 'shipped', 'cancelled'] }).notNull(),
    shippingMethod: text('shipping_method').notNull(),
    shippingFee: integer('shipping_fee').notNull(),
    /** Shipping the member no longer pays: the orders' own fees minus the bundle's. */
    saving: integer('saving').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    shippedAt: timestamptz('shipped_at'),
  },
  (t) => [
    index('bundles_member_idx').on(t.memberId),
    uniqueIndex('bundles_member_key_idx').on(t.memberId, t.idempotencyKey),
    check('bundles_amounts', sql`${t.shippingFee} >= 0 and ${t.saving} >= 0`),
  ],
);

/** Every state change of an order, who made it and why. */
export const orderStateHistory = pgTable(
  'order_state_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actor: text('actor', { enum: ['member', 'operator', 'system'] }).notNull(),
    note: text('note').notNull().default(''),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('order_state_history_order_idx').on(t.orderId, t.id)],
);

/** The sandbox gateway's side of a transaction (what GMO would keep on its servers). */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  gatewayOrderId: text('gateway_order_id').primaryKey(),
  accessId: text('access_id').notNull(),
  accessPass: text('access_pass').notNull(),
  status: text('status', { enum: ['entered', 'authorized', 'captured', 'voided'] }).notNull(),
  amount: integer('amount').notNull(),
  transactionId: text('transaction_id').notNull(),
  approvalCode: text('approval_code').notNull(),
  updatedAt: updatedAt(),
});

/** Sandbox tokens already used (tokens are single-use). */
export const sandboxUsedTokens = pgTable('sandbox_used_tokens', {
  token: text('token').primaryKey(),
  usedAt: timestamptz('used_at').notNull().defaultNow(),
});

export const sandboxMembers = pgTable('sandbox_members', {
  gatewayMemberId: text('gateway_member_id').primaryKey(),
  nextCardSeq: integer('next_card_seq').notNull().default(0),
});

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    gatewayMemberId: text('gateway_member_id')
      .notNull()
      .references(() => sandboxMembers.gatewayMemberId),
    cardSeq: text('card_seq').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expire: text('expire').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayMemberId, t.cardSeq] })],
);
