import { createHash } from 'node:crypto';
import {
  CHECKOUT_FAILURE_MESSAGES,
  type CheckoutFailureReason,
  DELIVERY_TIME_SLOTS,
  groupShipments,
  initialOrderState,
  isBenefitActive,
  isPaymentAvailable,
  isPriceUndecided,
  MAX_LINE_QUANTITY,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type PaymentMethodName,
  paymentDueDate,
  paymentFee,
  paymentMethod,
  quote,
  type Release,
  SHIPPING_METHOD_NAMES,
  SHIPPING_METHODS,
  type ShippingMethodName,
  type ShopPaymentMethod,
  shippingFee,
} from '@shop/rules';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { isAdult, jstToday } from '../accounts/member-schemas';
import type { Orm } from '../db/client';
import type { AddressSnapshot, OrderState } from '../db/schema/orders';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { PayeeConfig } from '../orders/config';
import { paymentGateway } from '../orders/payment-gateway';
import { Rollback, type Tx, txRows } from '../orders/tx';
import type { CardSource, PaymentFailure } from '../payments/gateway';
import { type CartLine, MAX_CART_LINES, readCart } from './cart';
import { debitPoints } from './points';

/** A checkout from the cart, or a direct reservation of listed items. */
export type CheckoutKind = 'checkout' | 'reserve';

const slotValues = DELIVERY_TIME_SLOTS.map((slot) => slot.value) as [string, ...string[]];

const itemsSchema = z
  .array(
    z
      .object({
        variationId: z.number().int().positive().max(2_147_483_647),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      })
      .strict(),
  )
  .min(1)
  .max(MAX_CART_LINES)
  .refine((items) => new Set(items.map((i) => i.variationId)).size === items.length, {
    message: '同じ商品が重複しています。',
  });

const cardSchema = z.union([
  z.object({ token: z.string().min(1).max(256) }).strict(),
  z.object({ savedCardId: z.number().int().positive().max(2_147_483_647) }).strict(),
]);

/** What the quote endpoints read: the choices so far (all optional). */
export const quoteBodySchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHOD_NAMES).optional(),
    paymentMethod: z.enum(PAYMENT_METHOD_NAMES).optional(),
    usePoints: z.number().int().min(0).max(100_000_000).optional(),
    /** Reservation only: the items to reserve (a checkout takes the cart). */
    items: itemsSchema.optional(),
  })
  .strict();

/** What a confirm request carries (the Idempotency-Key travels in a header). */
export const confirmBodySchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHOD_NAMES),
    paymentMethod: z.enum(PAYMENT_METHOD_NAMES),
    deliveryTimeSlot: z.enum(slotValues).optional(),
    addressId: z.number().int().positive().max(2_147_483_647),
    usePoints: z.number().int().min(0).max(100_000_000).optional(),
    card: cardSchema.optional(),
    items: itemsSchema.optional(),
  })
  .strict();

export type QuoteBody = z.infer<typeof quoteBodySchema>;
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

/** Idempotency keys are UUIDs: unguessable, and never mistaken for a card number in a log. */
export const idempotencyKeySchema = z.uuid();

export const CHECKOUT_MESSAGES = {
  keyMissing: 'Idempotency-Key ヘッダーに UUID を指定してください。',
  keyReused: 'この Idempotency-Key は別の内容の注文に使われています。',
  inProgress: 'この注文は処理中です。しばらくしてから結果をご確認ください。',
  cartInCheckout:
    'このカートは別の画面でご注文手続き中です。しばらくしてから注文履歴をご確認ください。',
  cartChanged:
    'ご注文手続き中にカートの内容が変わりました。カートをご確認のうえ、もう一度ご注文ください。',
  itemsOnlyForReserve: '予約商品はリクエストの items でご指定ください。',
  variationNotFound: 'お探しの商品は見つかりませんでした。',
  notReleasedNotReservable: 'この商品は現在ご予約いただけません。',
  notAReservation: '発売済みの商品はご予約ではなく通常のご注文でお求めください。',
  adultOnly: '成人向け商品のご購入には、18歳以上の会員登録（生年月日）が必要です。',
  disabled: 'この商品は現在お取り扱いできません。',
  outOfStock: '在庫が不足しているため、ご注文いただけませんでした。',
  lineOutOfStock: '在庫が不足しています。数量を減らすか、カートから削除してください。',
  addressNotFound: 'お届け先が見つかりません。',
  timeSlotNotAvailable: 'この配送方法ではお届け時間帯を指定できません。',
  cardRequired: 'クレジットカード情報を指定してください。',
  cardNotAllowed: 'このお支払い方法ではカード情報は不要です。',
  savedCardNotFound: '登録済みのクレジットカードが見つかりません。',
  declined: 'カード会社により決済が承認されませんでした。別のカードをお試しください。',
  invalidCard: 'カード情報が無効です。お手数ですが、もう一度カード情報を入力してください。',
  gatewayUnavailable:
    '決済サービスに接続できませんでした。ご注文は確定していません。時間をおいて再度お試しください。',
} as const;

/** One shipment of a checkout: what ships now, or one future release day. */
export interface Shipment extends Release {
  isReservation: boolean;
  lines: CartLine[];
}

export interface ShipmentQuote extends Release {
  isReservation: boolean;
  lines: {
    variationId: number;
    title: string;
    variationName: string;
    quantity: number;
    unitPrice: number;
    /** Why this line cannot be ordered as it stands (quote only), e.g. `out_of_stock`. */
    problem: { code: string; message: string; available: number } | null;
  }[];
  subtotal: number;
  shippingFee: number;
  paymentFee: number;
  pointsUsed: number;
  /** What the payment method charges for this shipment (after points). */
  total: number;
  pointsEarned: number;
}

export interface MethodOption {
  typeName: string;
  verboseName: string;
  available: boolean;
  /** Why not, when unavailable (a CHECKOUT_FAILURE_MESSAGES code and its message). */
  reason: { code: string; message: string } | null;
  /** The fee summed over the shipments (shipping) or the fee of the whole checkout (payment). */
  fee: number;
}

export interface CheckoutQuote {
  shipments: ShipmentQuote[];
  shippingMethods: MethodOption[];
  paymentMethods: MethodOption[];
  pointBalance: number;
  totals: {
    subtotal: number;
    shippingFee: number;
    paymentFee: number;
    pointsUsed: number;
    total: number;
    pointsEarned: number;
  } | null;
  /** Why the chosen combination cannot be ordered, or null. */
  problem: { code: string; message: string } | null;
}

function failure(reason: CheckoutFailureReason): ApiError {
  return new ApiError(422, reason, CHECKOUT_FAILURE_MESSAGES[reason]);
}

interface Context {
  memberId: number;
  lines: CartLine[];
  shipments: Shipment[];
  balance: number;
}

/** Reads the lines of a checkout (the cart) or a reservation (the items) with their catalog data. */
async function readLines(
  db: Orm | Tx,
  kind: CheckoutKind,
  memberId: number,
  items: { variationId: number; quantity: number }[] | undefined,
): Promise<CartLine[]> {
  if (kind === 'checkout') {
    if (items !== undefined) {
      throw new ApiError(400, 'items_not_allowed', CHECKOUT_MESSAGES.itemsOnlyForReserve);
    }
    return (await readCart(db, { memberId })).lines;
  }
  if (items === undefined) throw failure('empty_cart');
  const ids = items.map((i) => i.variationId);
  const rows = await txRows<CartLine & { disabled: boolean }>(
    db,
    sql`select v.id as "variationId", p.id as "productId", p.slug as "productSlug", p.title,
               v.name as "variationName", v.unit_price as "unitPrice", v.point_value as "pointValue",
               0 as quantity, v.stock_quantity as stock, v.can_reserve as "canReserve",
               coalesce(v.sell_start_date, p.sell_start_date)::text as "sellStartDate",
               p.release_date_precision as "releaseDatePrecision",
               p.is_adult as "isAdult", p.cover_image as "coverImage"
        from variations v join products p on p.id = v.product_id
        where v.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return items.map((item) => {
    const row = rows.find((r) => r.variationId === item.variationId);
    if (row === undefined) {
      throw new ApiError(404, 'variation_not_found', CHECKOUT_MESSAGES.variationNotFound);
    }
    return { ...row, quantity: item.quantity };
  });
}

/**
 * Loads and checks everything a quote and a confirm share: the lines, each purchasable by this
 * member (price decided, adult rule, reservable when unreleased), grouped into shipments.
 */
async function loadContext(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  items: { variationId: number; quantity: number }[] | undefined,
  /** A quote reports short stock per line; a confirm refuses it. */
  shortStock: 'refuse' | 'report' = 'refuse',
): Promise<Context> {
  const now = deps.now();
  const lines = await readLines(deps.db.orm, kind, memberId, items);
  if (lines.length === 0) throw failure('empty_cart');
  const productIds = sql.join(
    lines.map((l) => sql`${l.productId}`),
    sql`, `,
  );
  // One statement for what the member and the lines' products add: age, points, sale stops.
  const [member] = await txRows<{
    birthDate: string | null;
    balance: number;
    disabled: number;
  }>(
    deps.db.orm,
    sql`select m.birth_date::text as "birthDate",
               coalesce((select b.balance from point_balances b where b.member_id = m.id), 0)::int
                 as balance,
               (select count(*) from products p
                where p.id in (${productIds}) and p.disabled_before > ${now.toISOString()})::int as disabled
        from members m where m.id = ${memberId} and m.withdrawn_at is null`,
  );
  if (member === undefined) throw new ApiError(401, 'login_required', 'ログインしてください。');
  if (member.disabled > 0) throw new ApiError(409, 'not_available', CHECKOUT_MESSAGES.disabled);

  // Items that are out ship first; reservations follow, one per release day (@shop/rules).
  const shipments = groupShipments(lines, now).map(
    (shipment): Shipment => ({ isReservation: shipment.releaseDate !== null, ...shipment }),
  );
  const reserved = new Set(shipments.flatMap((s) => (s.isReservation ? s.lines : [])));
  for (const line of lines) {
    if (line.isAdult && !isAdult(member.birthDate, now)) {
      throw new ApiError(403, 'adult_only', CHECKOUT_MESSAGES.adultOnly);
    }
    if (
      line.unitPrice === null ||
      isPriceUndecided({ can_reserve: line.canReserve, unit_price: String(line.unitPrice) })
    ) {
      throw failure('price_undecided');
    }
    // A cheap early refusal; the transaction's conditional update is what actually decides.
    if (shortStock === 'refuse' && line.stock < line.quantity)
      throw new ApiError(409, 'out_of_stock', CHECKOUT_MESSAGES.outOfStock);
    if (reserved.has(line) && !line.canReserve) {
      throw new ApiError(409, 'not_reservable', CHECKOUT_MESSAGES.notReleasedNotReservable);
    }
    if (kind === 'reserve' && !reserved.has(line)) {
      throw new ApiError(422, 'not_a_reservation', CHECKOUT_MESSAGES.notAReservation);
    }
  }
  return { memberId, lines, shipments, balance: member.balance };
}

function quoteLines(lines: CartLine[]) {
  return lines.map((l) => ({
    unit_price: String(l.unitPrice ?? ''),
    quantity: l.quantity,
    point_value: l.pointValue,
  }));
}

/**
 * Prices every shipment with @shop/rules `quote`. Points a member spends are taken from the
 * shipments in order; with a payment other than full points each shipment keeps at least one
 * yen to charge (the rules send a fully covered order to 全額ポイント利用).
 */
function priceShipments(
  shipments: Shipment[],
  shipping: ShippingMethodName,
  payment: PaymentMethodName,
  usePoints: number,
  balance: number,
): { ok: true; quotes: ShipmentQuote[] } | { ok: false; reason: CheckoutFailureReason } {
  const { settlement } = paymentMethod(payment);
  let pointsLeft = usePoints;
  let balanceLeft = balance;
  const quotes: ShipmentQuote[] = [];
  for (const shipment of shipments) {
    const lines = quoteLines(shipment.lines);
    // The points asked for that this shipment spends.
    let use: number;
    switch (settlement) {
      case 'points':
        // The method spends the amount due itself, and none of the points asked for.
        use = 0;
        break;
      case 'card':
      case 'transfer':
      case 'on_delivery': {
        const base = quote({ lines, shipping, payment });
        if (!base.ok) return base;
        use = Math.min(pointsLeft, Math.max(0, base.total - 1));
        break;
      }
      default:
        return settlement satisfies never;
    }
    const priced = quote({ lines, shipping, payment, usePoints: use, pointBalance: balanceLeft });
    if (!priced.ok) return priced;
    pointsLeft -= use;
    balanceLeft -= priced.pointsUsed;
    quotes.push({
      isReservation: shipment.isReservation,
      releaseDate: shipment.releaseDate,
      releaseDatePrecision: shipment.releaseDatePrecision,
      lines: shipment.lines.map((l) => ({
        variationId: l.variationId,
        title: l.title,
        variationName: l.variationName,
        quantity: l.quantity,
        unitPrice: l.unitPrice ?? 0,
        problem:
          l.stock < l.quantity
            ? {
                code: 'out_of_stock',
                message: CHECKOUT_MESSAGES.lineOutOfStock,
                available: Math.max(0, l.stock),
              }
            : null,
      })),
      subtotal: priced.subtotal,
      shippingFee: priced.shippingFee,
      paymentFee: priced.paymentFee,
      pointsUsed: priced.pointsUsed,
      total: priced.total,
      pointsEarned: priced.pointsEarned,
    });
  }
  if (pointsLeft > 0) return { ok: false, reason: 'points_exceed_amount_due' };
  return { ok: true, quotes };
}

function sumQuotes(quotes: ShipmentQuote[]) {
  const sum = (f: (q: ShipmentQuote) => number) => quotes.reduce((n, q) => n + f(q), 0);
  return {
    subtotal: sum((q) => q.subtotal),
    shippingFee: sum((q) => q.shippingFee),
    paymentFee: sum((q) => q.paymentFee),
    pointsUsed: sum((q) => q.pointsUsed),
    total: sum((q) => q.total),
    pointsEarned: sum((q) => q.pointsEarned),
  };
}

/**
 * Why the member's points cannot pay with this method, or null: a method settled by points
 * needs a balance that covers every shipment.
 */
function balanceProblem(
  method: ShopPaymentMethod,
  context: Context,
  shipping: ShippingMethodName,
): MethodOption['reason'] {
  switch (method.settlement) {
    case 'points': {
      const priced = priceShipments(
        context.shipments,
        shipping,
        method.typeName,
        0,
        context.balance,
      );
      return priced.ok
        ? null
        : { code: priced.reason, message: CHECKOUT_FAILURE_MESSAGES[priced.reason] };
    }
    case 'card':
    case 'transfer':
    case 'on_delivery':
      return null;
    default:
      return method.settlement satisfies never;
  }
}

/**
 * The quote screen: every shipping and payment method with its availability (and the reason
 * when unavailable) and fee for these shipments, and the priced shipments for the chosen pair.
 */
export async function quoteCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  body: QuoteBody,
): Promise<CheckoutQuote> {
  const context = await loadContext(deps, kind, memberId, body.items, 'report');
  const shipping = body.shippingMethod ?? 'home_delivery';
  const subtotals = context.shipments.map((s) =>
    s.lines.reduce((n, l) => n + (l.unitPrice ?? 0) * l.quantity, 0),
  );
  const shippingMethods = SHIPPING_METHODS.map((method) => {
    let fee = 0;
    let reason: MethodOption['reason'] = null;
    for (const subtotal of subtotals) {
      const result = shippingFee(method, subtotal);
      if (result.ok) fee += result.fee;
      else reason ??= { code: result.reason, message: CHECKOUT_FAILURE_MESSAGES[result.reason] };
    }
    return {
      typeName: method.typeName,
      verboseName: method.verboseName,
      available: reason === null,
      reason,
      fee,
    };
  });
  const paymentMethods = PAYMENT_METHODS.map((method) => {
    const availability = isPaymentAvailable(method, { shipping });
    let reason: MethodOption['reason'] = availability.ok
      ? null
      : { code: availability.reason, message: CHECKOUT_FAILURE_MESSAGES[availability.reason] };
    if (reason === null) reason = balanceProblem(method, context, shipping);
    const fee = subtotals.reduce((n, subtotal) => n + paymentFee(method, subtotal), 0);
    return {
      typeName: method.typeName,
      verboseName: method.verboseName,
      available: reason === null,
      reason,
      fee,
    };
  });
  const priced = priceShipments(
    context.shipments,
    shipping,
    body.paymentMethod ?? 'credit_card',
    body.usePoints ?? 0,
    context.balance,
  );
  // Short stock is a problem of the quote, not an error: the shopper sees the priced cart with
  // the short lines marked and fixes the quantities there (confirm still refuses with 409).
  const short = context.lines.some((l) => l.stock < l.quantity);
  return {
    shipments: priced.ok ? priced.quotes : [],
    shippingMethods,
    paymentMethods,
    pointBalance: context.balance,
    totals: priced.ok ? sumQuotes(priced.quotes) : null,
    problem: short
      ? { code: 'out_of_stock', message: CHECKOUT_MESSAGES.lineOutOfStock }
      : priced.ok
        ? null
        : { code: priced.reason, message: CHECKOUT_FAILURE_MESSAGES[priced.reason] },
  };
}

// ── confirm ──

/** What a successful confirm answers (and what a retry with the same key replays). */
export interface ConfirmResult {
  checkoutId: number;
  orders: (Release & {
    id: number;
    state: OrderState;
    isReservation: boolean;
    subtotal: number;
    shippingFee: number;
    paymentFee: number;
    pointsUsed: number;
    total: number;
    pointsToGrant: number;
    benefits: { benefitId: number; title: string; quantity: number }[];
    paymentInstructions: PaymentInstructions | null;
  })[];
}

/** How to pay a bank transfer (virtual account) or Yucho order. */
export type PaymentInstructions =
  | {
      kind: 'bank_transfer';
      bankName: string;
      branchName: string;
      accountType: '普通';
      accountNumber: string;
      accountHolder: string;
      amount: number;
      dueDate: string;
    }
  | {
      kind: 'yucho';
      symbol: string;
      number: string;
      accountHolder: string;
      amount: number;
      dueDate: string;
    };

/** Where to send the money of an order paid before shipping (the method's `instructions`). */
function instructionsFor(
  payee: PayeeConfig,
  payment: PaymentMethodName,
  orderId: number,
  amount: number,
  now: Date,
): PaymentInstructions | null {
  const method = paymentMethod(payment);
  const due = paymentDueDate(now, method, amount);
  // A due date means a method paid before shipping; the second test tells the compiler so.
  if (due === null || !method.paidBeforeShipping) return null;
  const { instructions } = method;
  switch (instructions) {
    case 'bank_transfer':
      // A virtual account per order: the bank tells the shop which order the money is for.
      return {
        kind: 'bank_transfer',
        bankName: payee.bankName,
        branchName: payee.branchName,
        accountType: '普通',
        accountNumber: String(payee.virtualAccountBase + (orderId % 1_000_000)).padStart(7, '0'),
        accountHolder: payee.accountHolder,
        amount,
        dueDate: due,
      };
    case 'yucho':
      return {
        kind: 'yucho',
        symbol: payee.yuchoSymbol,
        number: payee.yuchoNumber,
        accountHolder: payee.accountHolder,
        amount,
        dueDate: due,
      };
    default:
      return instructions satisfies never;
  }
}

/** JSON with object keys sorted at every level: equal requests always serialise the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 of the request as the server understood it (after validation and defaults), in
 * base64url: about one hex digest in 300 holds a Luhn-valid run of 13-19 digits, which made the
 * crash test's card-number scan of the database dump fail by chance.
 */
export function requestHash(kind: CheckoutKind, body: ConfirmBody): string {
  return createHash('sha256')
    .update(`${kind}\n${canonicalJson(body)}`)
    .digest('base64url');
}

type Claim =
  | { kind: 'new'; checkoutId: number; attempt: number }
  | { kind: 'replay'; status: number; body: ConfirmResult };

interface KeyRow {
  id: number;
  requestHash: string;
  state: 'in_progress' | 'completed' | 'released';
  responseStatus: number | null;
  responseBody: ConfirmResult | null;
  expired: boolean;
}

async function findKey(deps: AppDeps, memberId: number, key: string): Promise<KeyRow | undefined> {
  const [row] = await txRows<KeyRow>(
    deps.db.orm,
    sql`select id::int as id, request_hash as "requestHash", state, response_status as "responseStatus",
               response_body as "responseBody", lease_until < ${deps.now().toISOString()} as expired
        from checkouts where member_id = ${memberId} and idempotency_key = ${key}`,
  );
  return row;
}

/**
 * What an idempotency key already used means for this request. A key stays bound to the request
 * it was first sent with for its whole life: another request is 422, whatever the key's state.
 * The same request replays the stored result, or answers 409 while the first attempt still runs.
 * A key whose attempt failed (released) or died (lease run out) is taken over by the same
 * request, which runs again, after voiding whatever the dead attempt authorised at the gateway.
 */
async function reuseKey(deps: AppDeps, existing: KeyRow, hash: string): Promise<Claim> {
  if (existing.requestHash !== hash) {
    throw new ApiError(422, 'idempotency_key_reused', CHECKOUT_MESSAGES.keyReused);
  }
  const lease = new Date(deps.now().getTime() + deps.config.commerce.checkoutLeaseMs).toISOString();
  if (existing.state === 'released') {
    const [taken] = await txRows<{ id: number; attempt: number }>(
      deps.db.orm,
      sql`update checkouts set state = 'in_progress', lease_until = ${lease}, attempt = attempt + 1
          where id = ${existing.id} and state = 'released' returning id::int as id, attempt`,
    );
    if (taken === undefined)
      throw new ApiError(409, 'checkout_in_progress', CHECKOUT_MESSAGES.inProgress);
    return { kind: 'new', checkoutId: taken.id, attempt: taken.attempt };
  }
  if (existing.state === 'completed' && existing.responseBody !== null) {
    return { kind: 'replay', status: existing.responseStatus ?? 201, body: existing.responseBody };
  }
  if (!existing.expired)
    throw new ApiError(409, 'checkout_in_progress', CHECKOUT_MESSAGES.inProgress);
  // Raising the attempt fences the dead (or merely slow) attempt out before its payments are
  // voided: it can no longer complete the checkout, so nothing voided here becomes an order.
  const [taken] = await txRows<{ id: number; attempt: number }>(
    deps.db.orm,
    sql`update checkouts set lease_until = ${lease}, attempt = attempt + 1
        where id = ${existing.id} and state = 'in_progress' and lease_until < ${deps.now().toISOString()}
        returning id::int as id, attempt`,
  );
  if (taken === undefined)
    throw new ApiError(409, 'checkout_in_progress', CHECKOUT_MESSAGES.inProgress);
  if (!(await voidUnfinishedPayments(deps, taken.id, { before: taken.attempt }))) {
    throw new ApiError(503, 'payment_unavailable', CHECKOUT_MESSAGES.gatewayUnavailable);
  }
  return { kind: 'new', checkoutId: taken.id, attempt: taken.attempt };
}

/** Claims a key not seen before; a concurrent request that got there first decides instead. */
async function claimNewKey(
  deps: AppDeps,
  memberId: number,
  key: string,
  hash: string,
): Promise<Claim> {
  const lease = new Date(deps.now().getTime() + deps.config.commerce.checkoutLeaseMs).toISOString();
  const [inserted] = await txRows<{ id: number }>(
    deps.db.orm,
    sql`insert into checkouts (member_id, idempotency_key, request_hash, state, lease_until)
        values (${memberId}, ${key}, ${hash}, 'in_progress', ${lease})
        on conflict (member_id, idempotency_key) do nothing
        returning id::int as id`,
  );
  if (inserted !== undefined) return { kind: 'new', checkoutId: inserted.id, attempt: 1 };
  const existing = await findKey(deps, memberId, key);
  if (existing === undefined) throw new Error('idempotency key vanished');
  return reuseKey(deps, existing, hash);
}

/** Gives the key back after a failed attempt, so the shopper may try again with it. */
async function releaseKey(deps: AppDeps, checkoutId: number, attempt: number): Promise<void> {
  await deps.db.orm.execute(
    sql`update checkouts set state = 'released'
        where id = ${checkoutId} and state = 'in_progress' and attempt = ${attempt}`,
  );
}

/**
 * Voids the card payments of a checkout that never became orders: a checkout that failed after
 * authorising (`attempt`: its own), or earlier attempts taken over or whose server died
 * (`before`). A payment whose void cannot be confirmed stays `pending` for
 * `recoverAbandonedCheckouts` to retry.
 *
 * An earlier attempt may be slow rather than dead, still waiting for the gateway: its
 * authorisation can land after this void found nothing to void. So its `pending` payment with
 * nothing authorised stays `pending` (the recovery looks again) until it is older than the
 * lease, which is longer than any gateway call; and a row is only marked `voided` if it is
 * still in the state read (the attempt may have marked it `authorized` meanwhile).
 */
export async function voidUnfinishedPayments(
  deps: AppDeps,
  checkoutId: number,
  which: { attempt: number } | { before: number },
): Promise<boolean> {
  const gateway = paymentGateway(deps);
  const attemptFilter =
    'attempt' in which ? sql`attempt = ${which.attempt}` : sql`attempt < ${which.before}`;
  const open = await txRows<{
    id: number;
    gatewayOrderId: string;
    status: string;
    mayBeInFlight: boolean;
  }>(
    deps.db.orm,
    sql`select id::int as id, gateway_order_id as "gatewayOrderId", status,
          ${'before' in which} and status = 'pending'
            and created_at >= now() - make_interval(secs => ${deps.config.commerce.checkoutLeaseMs / 1000})
            as "mayBeInFlight"
        from payments
        where checkout_id = ${checkoutId} and ${attemptFilter} and order_id is null
          and status in ('pending', 'authorized')`,
  );
  let allVoided = true;
  for (const payment of open) {
    const result = await gateway.void(payment.gatewayOrderId);
    if (!result.ok) {
      allVoided = false;
    } else if (result.voided || !payment.mayBeInFlight) {
      await deps.db.orm.execute(
        sql`update payments set status = 'voided', updated_at = now()
            where id = ${payment.id} and order_id is null and status = ${payment.status}`,
      );
    }
  }
  return allVoided;
}

async function resolveCard(
  deps: AppDeps,
  memberId: number,
  body: ConfirmBody,
): Promise<CardSource | null> {
  const { settlement } = paymentMethod(body.paymentMethod);
  switch (settlement) {
    case 'card':
      break;
    case 'transfer':
    case 'on_delivery':
    case 'points':
      if (body.card !== undefined)
        throw new ApiError(400, 'card_not_allowed', CHECKOUT_MESSAGES.cardNotAllowed);
      return null;
    default:
      return settlement satisfies never;
  }
  if (body.card === undefined)
    throw new ApiError(400, 'card_required', CHECKOUT_MESSAGES.cardRequired);
  if ('token' in body.card) return { kind: 'token', token: body.card.token };
  const [saved] = await txRows<{ cardSeq: string; gatewayMemberId: string | null }>(
    deps.db.orm,
    sql`select c.card_seq as "cardSeq", m.gateway_member_id as "gatewayMemberId"
        from saved_cards c join members m on m.id = c.member_id
        where c.id = ${body.card.savedCardId} and c.member_id = ${memberId}`,
  );
  if (saved === undefined || saved.gatewayMemberId === null) {
    throw new ApiError(404, 'saved_card_not_found', CHECKOUT_MESSAGES.savedCardNotFound);
  }
  return { kind: 'saved', gatewayMemberId: saved.gatewayMemberId, cardSeq: saved.cardSeq };
}

async function readAddress(
  deps: AppDeps,
  memberId: number,
  addressId: number,
): Promise<AddressSnapshot> {
  const [address] = await txRows<AddressSnapshot>(
    deps.db.orm,
    sql`select postal_code as "postalCode", prefecture, city, street, building,
               last_name as "lastName", first_name as "firstName",
               last_name_kana as "lastNameKana", first_name_kana as "firstNameKana", phone
        from shipping_addresses where id = ${addressId} and member_id = ${memberId}`,
  );
  if (address === undefined)
    throw new ApiError(404, 'address_not_found', CHECKOUT_MESSAGES.addressNotFound);
  return address;
}

function paymentError(failure: PaymentFailure): ApiError {
  switch (failure.reason) {
    case 'declined':
      return new ApiError(402, 'payment_declined', CHECKOUT_MESSAGES.declined);
    case 'invalid_card':
    case 'not_found':
      return new ApiError(422, 'invalid_card', CHECKOUT_MESSAGES.invalidCard);
    default:
      return new ApiError(503, 'payment_unavailable', CHECKOUT_MESSAGES.gatewayUnavailable);
  }
}

type Outcome = { ok: true; result: ConfirmResult } | { ok: false; error: ApiError };

/**
 * Confirms a checkout or reservation. The order of effects is what keeps money and stock
 * consistent whatever fails or crashes:
 *
 * 1. the idempotency key is claimed (its row is committed);
 * 2. a checkout claims the member's cart for its key (`claimCart`, committed): while the key is
 *    `in_progress` no other key can confirm the cart, so its lines become at most one checkout
 *    and a second confirm never reaches the gateway;
 * 3. card payments are written as `pending`, then authorised at the gateway (one per order);
 * 4. one transaction claims stock and benefits with conditional updates, spends points through
 *    the ledger, writes the orders, marks the payments authorised with their orders, deletes
 *    exactly the cart lines it ordered (refusing if they changed since step 2) and completes the
 *    key with the answer to replay;
 * 5. if step 4 fails, every authorisation of step 3 is voided and the key is released, which
 *    frees the cart.
 *
 * A crash between 3 and 4 leaves `pending`/`authorized` payments without an order under an
 * `in_progress` key that holds the cart: `recoverAbandonedCheckouts` (at start and every lease)
 * releases the key, which frees the cart, and voids them; or a retry with the same key takes the
 * key over, voids them and, holding the cart still, runs again. So there is never a charge
 * without an order, nor an order without its stock, nor two checkouts of one cart.
 */
export async function confirmCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  key: string,
  body: ConfirmBody,
): Promise<{ status: number; body: ConfirmResult }> {
  const hash = requestHash(kind, body);
  const existing = await findKey(deps, memberId, key);
  let claim: Claim;
  let prepared: Prepared | undefined;
  if (existing !== undefined) {
    claim = await reuseKey(deps, existing, hash);
  } else {
    // Refuse what cannot succeed before writing anything, so bad input changes nothing. What
    // this reads is used by the attempt below: re-reading it after the claim would only move
    // the same race with the transaction's conditional updates a few milliseconds later (the
    // cart's lines are the exception: claimCart checks them under the cart's lock).
    prepared = await prepareCheckout(deps, kind, memberId, body);
    claim = await claimNewKey(deps, memberId, key, hash);
    // Another request claimed the key first and this one took over a released key: what it
    // prepared may predate that attempt's changes, so prepare again.
    if (claim.kind === 'new' && claim.attempt > 1) prepared = undefined;
  }
  if (claim.kind === 'replay') return { status: claim.status, body: claim.body };
  const { checkoutId, attempt } = claim;
  const mine = { attempt };
  let outcome: Outcome;
  try {
    outcome = await runCheckout(deps, kind, memberId, claim, body, prepared);
  } catch (error) {
    // Unexpected (a database error): undo the gateway side, then let onError answer 500.
    await voidUnfinishedPayments(deps, checkoutId, mine).catch(() => false);
    await releaseKey(deps, checkoutId, attempt).catch(() => undefined);
    throw error;
  }
  if (outcome.ok) return { status: 201, body: outcome.result };
  if (await voidUnfinishedPayments(deps, checkoutId, mine))
    await releaseKey(deps, checkoutId, attempt);
  throw outcome.error;
}

interface Prepared {
  context: Context;
  card: CardSource | null;
  address: AddressSnapshot;
  quotes: ShipmentQuote[];
}

/** Everything a confirm checks and prices before it changes anything; throws ApiError. */
async function prepareCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  body: ConfirmBody,
): Promise<Prepared> {
  const context = await loadContext(deps, kind, memberId, body.items);
  const card = await resolveCard(deps, memberId, body);
  const address = await readAddress(deps, memberId, body.addressId);
  const shipping = SHIPPING_METHODS.find((m) => m.typeName === body.shippingMethod);
  const slot = body.deliveryTimeSlot ?? 'unspecified';
  if (slot !== 'unspecified' && !shipping?.hasOption) {
    throw new ApiError(422, 'time_slot_not_available', CHECKOUT_MESSAGES.timeSlotNotAvailable);
  }
  const priced = priceShipments(
    context.shipments,
    body.shippingMethod,
    body.paymentMethod,
    body.usePoints ?? 0,
    context.balance,
  );
  if (!priced.ok) throw failure(priced.reason);
  return { context, card, address, quotes: priced.quotes };
}

/**
 * Step 2 of confirmCheckout: makes the member's cart this checkout's, or answers why not (null
 * when claimed). Under the cart row's lock: another checkout still `in_progress` holds it
 * (409 `cart_in_checkout`, whatever the lease says: the recovery or that key's own retry
 * decides a dead attempt's fate, see reuseKey); the lines must still be those the checkout was
 * prepared with, or it would authorise a stale amount (422 `empty_cart` once another checkout
 * ordered them, else 409 `cart_changed`). A retry of this checkout's own key finds the cart
 * already its.
 */
async function claimCart(
  deps: AppDeps,
  { checkoutId, memberId }: { checkoutId: number; memberId: number },
  prepared: CartLine[],
): Promise<ApiError | null> {
  return deps.db.orm.transaction(async (tx) => {
    const [cart] = await txRows<{ id: number; holder: number | null }>(
      tx,
      sql`select id::int as id, checkout_id::int as holder from carts where member_id = ${memberId} for update`,
    );
    if (cart === undefined) return failure('empty_cart');
    if (cart.holder !== null && cart.holder !== checkoutId) {
      // A statement of its own, so its snapshot follows the lock: a holder that claimed the
      // cart while this waited for the row is seen with its key committed.
      const [holder] = await txRows<{ state: string }>(
        tx,
        sql`select state from checkouts where id = ${cart.holder}`,
      );
      if (holder?.state === 'in_progress') {
        return new ApiError(409, 'cart_in_checkout', CHECKOUT_MESSAGES.cartInCheckout);
      }
    }
    const lines = await txRows<{ variationId: number; quantity: number }>(
      tx,
      sql`select variation_id as "variationId", quantity from cart_lines where cart_id = ${cart.id}`,
    );
    if (lines.length === 0) return failure('empty_cart');
    const unchanged =
      lines.length === prepared.length &&
      lines.every((line) =>
        prepared.some((p) => p.variationId === line.variationId && p.quantity === line.quantity),
      );
    if (!unchanged) return new ApiError(409, 'cart_changed', CHECKOUT_MESSAGES.cartChanged);
    if (cart.holder !== checkoutId) {
      await tx.execute(sql`update carts set checkout_id = ${checkoutId} where id = ${cart.id}`);
    }
    return null;
  });
}

async function runCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  { checkoutId, attempt }: { checkoutId: number; attempt: number },
  body: ConfirmBody,
  /** What the request prepared before claiming its key; prepared here when absent. */
  preparedBefore: Prepared | undefined,
): Promise<Outcome> {
  const now = deps.now();
  let prepared: Prepared;
  try {
    prepared = preparedBefore ?? (await prepareCheckout(deps, kind, memberId, body));
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
  const { context, card, address, quotes } = prepared;
  if (kind === 'checkout') {
    const refusal = await claimCart(deps, { checkoutId, memberId }, context.lines);
    if (refusal !== null) return { ok: false, error: refusal };
  }

  // Authorise each order's amount before stock is claimed; the transaction below commits the
  // orders only if the money is there.
  const authorised: { index: number; paymentId: number }[] = [];
  if (card !== null) {
    const gateway = paymentGateway(deps);
    for (const [index, shipmentQuote] of quotes.entries()) {
      if (shipmentQuote.total === 0) continue;
      const gatewayOrderId = `C${checkoutId}-${index}-${Math.random().toString(36).slice(2, 8)}`;
      const [payment] = await txRows<{ id: number }>(
        deps.db.orm,
        sql`insert into payments (checkout_id, attempt, gateway, gateway_order_id, amount, status)
            values (${checkoutId}, ${attempt}, ${gateway.kind}, ${gatewayOrderId}, ${shipmentQuote.total}, 'pending')
            returning id::int as id`,
      );
      if (payment === undefined) throw new Error('payment insert returned no row');
      const result = await gateway.authorize({ gatewayOrderId, amount: shipmentQuote.total, card });
      if (!result.ok) {
        await deps.db.orm.execute(
          sql`update payments set failure_codes = ${result.codes.join(',')}, updated_at = now() where id = ${payment.id}`,
        );
        return { ok: false, error: paymentError(result) };
      }
      const t = result.transaction;
      const recorded = await txRows<{ id: number }>(
        deps.db.orm,
        sql`update payments set status = 'authorized', access_id = ${t.accessId}, access_pass = ${t.accessPass},
                   transaction_id = ${t.transactionId}, updated_at = now()
            where id = ${payment.id} and status = 'pending' returning id::int as id`,
      );
      if (recorded.length === 0) {
        // This attempt was so slow that a takeover (a retry after the lease, or the recovery)
        // voided its payments while the gateway was still authorising: the gateway had only
        // entered the transaction then, so nothing was voided there. Void it now; the takeover
        // has raised the attempt, so this one can no longer complete the checkout anyway.
        const undone = await gateway.void(gatewayOrderId);
        if (!undone.ok) {
          await deps.db.orm.execute(
            sql`update payments set status = 'pending', updated_at = now() where id = ${payment.id}`,
          );
        }
        return {
          ok: false,
          error: new ApiError(409, 'checkout_in_progress', CHECKOUT_MESSAGES.inProgress),
        };
      }
      authorised.push({ index, paymentId: payment.id });
    }
  }

  try {
    const result = await deps.db.orm.transaction((tx) =>
      writeOrders(
        tx,
        kind,
        context,
        { checkoutId, attempt },
        body,
        address,
        quotes,
        authorised,
        deps.config.commerce.payee,
        now,
      ),
    );
    return { ok: true, result };
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, error: error.outcome as ApiError };
    throw error;
  }
}

async function writeOrders(
  tx: Tx,
  kind: CheckoutKind,
  context: Context,
  { checkoutId, attempt }: { checkoutId: number; attempt: number },
  body: ConfirmBody,
  address: AddressSnapshot,
  quotes: ShipmentQuote[],
  authorised: { index: number; paymentId: number }[],
  payee: PayeeConfig,
  now: Date,
): Promise<ConfirmResult> {
  const nowIso = now.toISOString();
  // The key's row stays locked until the commit: a takeover (retry after the lease, or the
  // recovery) waits for this transaction, and one that came first has raised the attempt.
  const [current] = await txRows<{ id: number }>(
    tx,
    sql`select id::int as id from checkouts
        where id = ${checkoutId} and attempt = ${attempt} and state = 'in_progress' for update`,
  );
  if (current === undefined) {
    throw new Rollback(new ApiError(409, 'checkout_in_progress', CHECKOUT_MESSAGES.inProgress));
  }
  // FOR SHARE on the member: a withdrawal (FOR UPDATE) waits for this checkout, or refuses it.
  const [member] = await txRows<{ id: number }>(
    tx,
    sql`select id from members where id = ${context.memberId} and withdrawn_at is null for share`,
  );
  if (member === undefined)
    throw new Rollback(new ApiError(401, 'login_required', 'ログインしてください。'));
  const results: ConfirmResult['orders'] = [];
  const items: {
    orderIndex: number;
    orderId: number;
    itemId: number;
    line: CartLine;
    isReservation: boolean;
  }[] = [];

  // Rows only this checkout touches come first; the rows every checkout of a popular item
  // contends for (stock, benefits, sales counters, see claimContendedRows) are claimed by the
  // last statement, so their locks are held for that statement and the commit only.
  for (const [index, q] of quotes.entries()) {
    const state = initialOrderState({
      isReservation: q.isReservation,
      payment: body.paymentMethod,
      amountDue: q.total,
    });
    const [order] = await txRows<{ id: number }>(
      tx,
      sql`with o as (
            insert into orders (status, placed_at, subtotal, total)
            values (${state}, ${nowIso}, ${q.subtotal}, ${q.subtotal + q.shippingFee + q.paymentFee})
            returning id),
          d as (
            insert into order_details (order_id, member_id, checkout_id, is_reservation, release_date,
              release_date_precision, shipping_method, payment_method, delivery_time_slot, address,
              shipping_fee, payment_fee, points_used, amount_due, points_to_grant)
            select o.id, ${context.memberId}, ${checkoutId}, ${q.isReservation}, ${q.releaseDate},
              ${q.releaseDatePrecision},
              ${body.shippingMethod}, ${body.paymentMethod}, ${body.deliveryTimeSlot ?? 'unspecified'},
              ${JSON.stringify(address)}::jsonb, ${q.shippingFee}, ${q.paymentFee}, ${q.pointsUsed},
              ${q.total}, ${q.pointsEarned} from o),
          h as (
            insert into order_state_history (order_id, from_state, to_state, actor, note, at)
            select o.id, null, ${state}, 'member', ${kind}, ${nowIso} from o)
          select id::int as id from o`,
    );
    if (order === undefined) throw new Error('order insert returned no row');
    const lines = context.shipments[index]?.lines ?? [];
    const inserted = await txRows<{ id: number; variationId: number }>(
      tx,
      sql`insert into order_items (order_id, product_id, variation_id, quantity, unit_price, point_value, is_reservation)
          values ${sql.join(
            lines.map(
              (line) =>
                sql`(${order.id}, ${line.productId}, ${line.variationId}, ${line.quantity}, ${line.unitPrice}, ${line.pointValue}, ${q.isReservation})`,
            ),
            sql`, `,
          )}
          returning id::int as id, variation_id as "variationId"`,
    );
    for (const line of lines) {
      const item = inserted.find((i) => i.variationId === line.variationId);
      if (item === undefined) throw new Error('order item insert returned no row');
      items.push({
        orderIndex: index,
        orderId: order.id,
        itemId: item.id,
        line,
        isReservation: q.isReservation,
      });
    }
    if (q.pointsUsed > 0) {
      const spent = await debitPoints(tx, context.memberId, 'use', q.pointsUsed, order.id);
      if (!spent.ok) throw new Rollback(failure('not_enough_points'));
    }
    const payment = authorised.find((a) => a.index === index);
    if (payment !== undefined) {
      const linked = await txRows<{ id: number }>(
        tx,
        sql`update payments set order_id = ${order.id}, updated_at = now()
            where id = ${payment.paymentId} and status = 'authorized' returning id`,
      );
      // Recovery voided it meanwhile (this attempt outlived its lease): no order without payment.
      if (linked.length === 0) {
        throw new Rollback(
          new ApiError(503, 'payment_unavailable', CHECKOUT_MESSAGES.gatewayUnavailable),
        );
      }
    }
    results.push({
      id: order.id,
      state,
      isReservation: q.isReservation,
      releaseDate: q.releaseDate,
      releaseDatePrecision: q.releaseDatePrecision,
      subtotal: q.subtotal,
      shippingFee: q.shippingFee,
      paymentFee: q.paymentFee,
      pointsUsed: q.pointsUsed,
      total: q.total,
      pointsToGrant: q.pointsEarned,
      benefits: [],
      paymentInstructions: instructionsFor(payee, body.paymentMethod, order.id, q.total, now),
    });
  }
  if (kind === 'checkout') {
    // Exactly the lines claimed and priced, in their quantities: a line changed in another tab
    // since (claimCart) undoes the checkout rather than ordering what the cart no longer says.
    const ordered = await txRows<{ variationId: number }>(
      tx,
      sql`delete from cart_lines l using carts c
          where l.cart_id = c.id and c.member_id = ${context.memberId} and c.checkout_id = ${checkoutId}
            and (l.variation_id, l.quantity) in (values ${sql.join(
              context.lines.map((l) => sql`(${l.variationId}::int, ${l.quantity}::int)`),
              sql`, `,
            )})
          returning l.variation_id as "variationId"`,
    );
    if (ordered.length !== context.lines.length) {
      throw new Rollback(new ApiError(409, 'cart_changed', CHECKOUT_MESSAGES.cartChanged));
    }
  }

  // Which limited benefits are active is read before any contended row is locked (no lock:
  // what is left of each is decided under its row lock below).
  const active = await activeBenefits(
    tx,
    context.lines.map((l) => l.productId),
    now,
  );
  const benefitIds = items.flatMap(({ line }) => active.get(line.productId) ?? []);
  const result: ConfirmResult = { checkoutId, orders: results };
  const [claimed] = await txRows<{
    claimed: boolean;
    completed: boolean;
    granted: GrantedBenefit[];
  }>(
    tx,
    claimContendedRows({
      items,
      benefitIds: [...new Set(benefitIds)],
      today: jstToday(now),
      checkout: { checkoutId, attempt, nowIso, body: result },
    }),
  );
  if (claimed === undefined) throw new Error('the claim statement returned no row');
  if (!claimed.claimed) {
    throw new Rollback(new ApiError(409, 'out_of_stock', CHECKOUT_MESSAGES.outOfStock));
  }
  if (!claimed.completed) throw new Error(`checkout ${checkoutId} vanished while locked`);
  for (const { orderIndex, benefitId, title, quantity } of claimed.granted) {
    results[orderIndex]?.benefits.push({ benefitId, title, quantity });
  }
  return result;
}

interface GrantedBenefit {
  orderIndex: number;
  benefitId: number;
  title: string;
  quantity: number;
}

/**
 * The statement that claims what every checkout of a popular item contends for, and completes
 * the checkout, so that those rows stay locked for this one statement and the commit only:
 *
 * 1. stock: each variation's units, if that many are left (rows locked in id order);
 * 2. benefits: each active limited benefit of an item's product, one per unit while any are
 *    left (rows locked in id order; items of one product take them in item order), recorded in
 *    benefit_claims;
 * 3. sales counters: products.order_count and the day's product_daily_sales (in product order);
 * 4. the checkout's key: completed, its stored answer holding the benefits granted.
 *
 * Rows are locked `for no key update`, the lock an update of non-key columns takes: `for
 * update` would also wait for the key-share locks that concurrent checkouts' foreign keys hold
 * on the same variation, benefit and product rows until they commit, so two checkouts would
 * each wait for the other (the checkout benchmark deadlocked every second that way).
 *
 * Each step's condition reads the previous step's result as a whole, which runs that step to
 * its end first, so rows are locked in the same order as a cancellation does (stock, benefits,
 * products, daily sales) and nothing after the stock is touched when any variation is short.
 * Returns one row: `claimed` (every variation had the units), `completed` (the key's row was
 * completed) and the benefits granted.
 */
function claimContendedRows({
  items,
  benefitIds,
  today,
  checkout,
}: {
  items: {
    orderIndex: number;
    orderId: number;
    itemId: number;
    line: CartLine;
    isReservation: boolean;
  }[];
  benefitIds: number[];
  today: string;
  checkout: { checkoutId: number; attempt: number; nowIso: string; body: ConfirmResult };
}) {
  const variations = new Set(items.map((i) => i.line.variationId)).size;
  const itemRows = sql.join(
    items.map(
      (i) =>
        sql`(${i.orderIndex}::int, ${i.orderId}::bigint, ${i.itemId}::bigint, ${i.line.variationId}::int,
             ${i.line.productId}::int, ${i.line.quantity}::int, ${i.isReservation}::boolean)`,
    ),
    sql`, `,
  );
  const benefitList =
    benefitIds.length === 0
      ? sql`null::int`
      : sql.join(
          benefitIds.map((id) => sql`${id}::int`),
          sql`, `,
        );
  const body = JSON.stringify(checkout.body);
  return sql`
    with item (order_index, order_id, item_id, variation_id, product_id, quantity, is_reservation)
      as (values ${itemRows}),
    need as (select variation_id, sum(quantity)::int as quantity from item group by variation_id),
    stock_locked as (
      select v.id, v.stock_quantity from variations v
      where v.id in (select variation_id from need) order by v.id for no key update),
    stock as (
      update variations v
      set stock_quantity = v.stock_quantity - need.quantity,
          in_stock = v.stock_quantity - need.quantity > 0
      from need join stock_locked l on l.id = need.variation_id
      where v.id = need.variation_id and l.stock_quantity >= need.quantity
      returning v.id),
    benefit_locked as (
      select b.id, b.product_id, b.title, b.available_max_num - b.claimed_count as left_count
      from benefits b
      where b.id in (${benefitList}) and b.claimed_count < b.available_max_num
        and (select count(*) from stock) = ${variations}
      order by b.id for no key update),
    allocation as (
      select l.id as benefit_id, l.title, i.order_index, i.order_id, i.item_id, i.product_id,
        least(i.quantity, greatest(0, l.left_count
          - (sum(i.quantity) over (partition by l.id order by i.item_id) - i.quantity)))::int
          as quantity
      from benefit_locked l join item i on i.product_id = l.product_id),
    granted as (select * from allocation where quantity > 0),
    benefit_update as (
      update benefits b set claimed_count = b.claimed_count + g.quantity
      from (select benefit_id, sum(quantity)::int as quantity from granted group by benefit_id) g
      where b.id = g.benefit_id
      returning b.id),
    benefit_claim as (
      insert into benefit_claims (benefit_id, order_id, order_item_id, quantity)
      select benefit_id, order_id, item_id, quantity from granted),
    sold as (
      select product_id, sum(quantity)::int as quantity,
        sum(case when is_reservation then quantity else 0 end)::int as reservation_quantity
      from item group by product_id),
    product_locked as (
      select p.id from products p
      where p.id in (select product_id from sold)
        and (select count(*) from stock) = ${variations}
        and (select count(*) from benefit_update) >= 0
      order by p.id for no key update),
    product_count as (
      update products p set order_count = p.order_count + sold.quantity
      from sold join product_locked l on l.id = sold.product_id
      where p.id = sold.product_id
      returning p.id),
    daily as (
      insert into product_daily_sales (day, product_id, quantity, reservation_quantity)
      select ${today}::date, product_id, quantity, reservation_quantity from sold
      where (select count(*) from product_count) = (select count(*) from sold)
      order by product_id
      on conflict (day, product_id) do update set
        quantity = product_daily_sales.quantity + excluded.quantity,
        reservation_quantity = product_daily_sales.reservation_quantity + excluded.reservation_quantity
      returning product_id),
    answer as (
      select coalesce(jsonb_agg(jsonb_build_object('orderIndex', order_index,
               'benefitId', benefit_id, 'title', title, 'quantity', quantity)
               order by product_id, item_id, benefit_id), '[]'::jsonb) as granted
      from granted),
    completed as (
      update checkouts set state = 'completed', response_status = 201,
        completed_at = ${checkout.nowIso},
        response_body = jsonb_set(${body}::jsonb, '{orders}', (
          select coalesce(jsonb_agg(o.value || jsonb_build_object('benefits', (
              select coalesce(jsonb_agg(g - 'orderIndex'), '[]'::jsonb)
              from answer, jsonb_array_elements(answer.granted) g
              where (g ->> 'orderIndex')::int = o.n - 1)) order by o.n), '[]'::jsonb)
          from jsonb_array_elements(${body}::jsonb -> 'orders') with ordinality o(value, n)))
      where id = ${checkout.checkoutId} and attempt = ${checkout.attempt}
        and (select count(*) from daily) = (select count(*) from sold)
      returning id)
    select (select count(*) from stock) = ${variations} as claimed,
           (select count(*) from completed) = 1 as completed,
           (select granted from answer) as granted`;
}

/**
 * The limited benefits of these products that `isBenefitActive` accepts now and that have
 * units left, by product, in id order.
 */
async function activeBenefits(
  tx: Tx,
  productIds: number[],
  now: Date,
): Promise<Map<number, number[]>> {
  const rows = await txRows<{
    id: number;
    productId: number;
    availableMaxNum: number;
    distributed: boolean;
    expiryDate: string | null;
  }>(
    tx,
    sql`select id, product_id as "productId", available_max_num as "availableMaxNum",
               distributed, expiry_date::text as "expiryDate"
        from benefits
        where product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and distributed and claimed_count < available_max_num
        order by id`,
  );
  const active = new Map<number, number[]>();
  for (const benefit of rows) {
    const input = {
      available_max_num: benefit.availableMaxNum,
      distributed: benefit.distributed,
      expiry_date: benefit.expiryDate,
    };
    if (!isBenefitActive(input, now)) continue;
    active.set(benefit.productId, [...(active.get(benefit.productId) ?? []), benefit.id]);
  }
  return active;
}

/**
 * Finds checkouts whose server died mid-way (key still `in_progress`, lease run out) and voids
 * what they authorised, then releases their keys; also retries the voids that failed before,
 * of keys released or completed since (a payment of an earlier attempt still `pending` or
 * `authorized` without an order). Run at start and periodically.
 */
export async function recoverAbandonedCheckouts(deps: AppDeps): Promise<number> {
  const now = deps.now().toISOString();
  // Release first (raising the attempt fences out a slow attempt), then void: an attempt still
  // running can no longer commit orders for the payments voided here.
  const stale = await txRows<{ id: number; attempt: number }>(
    deps.db.orm,
    sql`update checkouts set state = 'released', attempt = attempt + 1
        where state = 'in_progress' and lease_until < ${now}
        returning id::int as id, attempt`,
  );
  const settled = await txRows<{ id: number; attempt: number }>(
    deps.db.orm,
    sql`select distinct c.id::int as id, c.attempt from checkouts c join payments p on p.checkout_id = c.id
        where c.state in ('released', 'completed') and p.order_id is null
          and p.status in ('pending', 'authorized')`,
  );
  let recovered = 0;
  for (const { id, attempt } of [...stale, ...settled]) {
    if (await voidUnfinishedPayments(deps, id, { before: attempt + 1 })) recovered++;
  }
  return recovered;
}
