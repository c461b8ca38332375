import { createHash } from 'node:crypto';
import {
  bundleShippingSaving,
  CHECKOUT_FAILURE_MESSAGES,
  isPaymentAvailable,
  latestRelease,
  PAYMENT_METHOD_NAMES,
  type PaymentMethodName,
  type Release,
  SHIPPING_METHOD_NAMES,
  type ShippingMethodName,
} from '@shop/rules';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { jstToday } from '../accounts/member-schemas';
import type { Orm } from '../db/client';
import type { AddressSnapshot, OrderState } from '../db/schema/orders';
import { Rollback, type Tx, txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import { isoInstantSql } from '../lib/sql-instant';
import { positiveIntText } from '../schemas/params';
import { isOverseas } from './checkout/prepare';
import { LOGIN_REQUIRED, lockMemberIfActive } from './member-lock';
import { getOrder, type OrderAmounts, type OrderView } from './orders';
import { creditPoints } from './points';
import { type RefusalCode, ServiceError } from './service-error';

/** The most orders one bundle may hold (a parcel's worth; also bounds the lock set). */
export const MAX_BUNDLE_ORDERS = 20;

/** Open states an order can be bundled from: not shipped, not cancelled, not bundled. */
export const BUNDLEABLE_STATES = ['reserved', 'awaiting_payment', 'preparing'] as const;

export const BUNDLE_MESSAGES = {
  tooFew: 'おまとめ配送には2件以上のご注文をお選びください。',
  orderNotFound: 'ご注文が見つかりません。',
  alreadyBundled: 'このご注文はすでにおまとめ済みです。',
  notOpen: '発送済みまたはキャンセル済みのご注文はおまとめできません。',
  pricePending: '価格未定の商品を含むご注文は、価格が決まってからおまとめいただけます。',
  differentDestination: 'お届け先または配送方法が異なるご注文はおまとめできません。',
  bundleNotFound: 'おまとめ配送が見つかりません。',
  keyReused: 'この Idempotency-Key は別の内容のおまとめに使われています。',
  keyMissing: 'Idempotency-Key ヘッダーに UUID を指定してください。',
} as const;

/** A selection of the member's orders: at least one, no duplicates (the service wants two). */
export const bundleSelectionSchema = z.strictObject({
  orderIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, { error: BUNDLE_MESSAGES.tooFew })
    .max(MAX_BUNDLE_ORDERS, { error: `おまとめできるのは${MAX_BUNDLE_ORDERS}件までです。` })
    .refine((ids) => new Set(ids).size === ids.length, { error: '同じご注文が重複しています。' }),
});
export type BundleSelection = z.infer<typeof bundleSelectionSchema>;

/** `?orderId=`: the bundleable orders that can go with this one (the /mypage/bundle/{id} page). */
export const bundleListQuerySchema = z.strictObject({
  orderId: positiveIntText(9, 'IDが正しくありません').optional(),
});

/** An open order as bundling sees it. */
interface OpenOrder extends Release, OrderAmounts {
  id: number;
  state: OrderState;
  /** Holds a 価格未定 item: no amounts and no card authorisation to lower yet. */
  pricePending: boolean;
  memberId: number;
  placedAt: string;
  shippingMethod: string;
  paymentMethod: string;
  deliveryTimeSlot: string;
  address: AddressSnapshot;
  bundleId: number | null;
  shippedAt: string | null;
  cancelledAt: string | null;
}

const OPEN_ORDER_COLUMNS = sql`o.id::int as id, o.status as state, d.member_id as "memberId",
  ${isoInstantSql('o.placed_at')} as "placedAt", d.release_date::text as "releaseDate",
  d.release_date_precision as "releaseDatePrecision", d.shipping_method as "shippingMethod", d.payment_method as "paymentMethod",
  d.delivery_time_slot as "deliveryTimeSlot", d.address, o.subtotal, d.shipping_fee as "shippingFee",
  d.payment_fee as "paymentFee", d.points_used as "pointsUsed", d.amount_due as "amountDue",
  d.points_to_grant as "pointsToGrant", d.bundle_id::int as "bundleId", d.price_pending as "pricePending",
  ${isoInstantSql('d.shipped_at')} as "shippedAt", ${isoInstantSql('d.cancelled_at')} as "cancelledAt"`;

type Refusal = { code: RefusalCode; message: string };

/** Why an order of this member cannot go into a bundle, or null when it can. */
function refusalOf(order: OpenOrder): Refusal | null {
  if (order.bundleId !== null || order.state === 'bundled') {
    return { code: 'order_already_bundled', message: BUNDLE_MESSAGES.alreadyBundled };
  }
  if (
    !(BUNDLEABLE_STATES as readonly string[]).includes(order.state) ||
    order.shippedAt !== null ||
    order.cancelledAt !== null
  ) {
    return { code: 'order_not_open', message: BUNDLE_MESSAGES.notOpen };
  }
  // Bundling lowers each card authorisation to the order's new amount: a 価格未定 order has
  // neither yet (docs/catalog-mail.md, "価格決定").
  if (order.pricePending) {
    return { code: 'order_price_pending', message: BUNDLE_MESSAGES.pricePending };
  }
  const payment = order.paymentMethod as PaymentMethodName;
  const shipping = order.shippingMethod as ShippingMethodName;
  if (
    !(PAYMENT_METHOD_NAMES as readonly string[]).includes(payment) ||
    !(SHIPPING_METHOD_NAMES as readonly string[]).includes(shipping) ||
    !isPaymentAvailable(payment, { shipping, bundle: true }).ok
  ) {
    return {
      code: 'payment_not_available_for_bundle',
      message: CHECKOUT_FAILURE_MESSAGES.payment_not_available_for_bundle,
    };
  }
  return null;
}

/**
 * Orders ship together only to one destination by one method: a Japanese address by its label
 * fields, an overseas one also by its country and Latin lines.
 */
function destinationKey(order: OpenOrder): string {
  const a = order.address;
  return JSON.stringify([
    order.shippingMethod,
    a.country ?? 'JP',
    a.fullName ?? '',
    a.line1 ?? '',
    a.line2 ?? '',
    a.region ?? '',
    a.postalCode,
    a.prefecture,
    a.city,
    a.street,
    a.building,
    a.lastName,
    a.firstName,
    a.phone,
  ]);
}

async function readOrders(
  db: Orm | Tx,
  memberId: number,
  filter: { ids: number[] } | 'open',
  lock: boolean,
): Promise<OpenOrder[]> {
  const where =
    filter === 'open'
      ? sql`o.status in ('reserved', 'awaiting_payment', 'preparing') and d.bundle_id is null`
      : sql`o.id in (${sql.join(
          filter.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  // In id order, so two bundles (or a bundle and a cancellation) never lock in a cycle.
  return txRows<OpenOrder>(
    db,
    sql`select ${OPEN_ORDER_COLUMNS} from orders o join order_details d on d.order_id = o.id
        where d.member_id = ${memberId} and ${where}
        order by o.id${lock ? sql` for update of o, d` : sql``}`,
  );
}

/** How one order's amounts change when it joins the bundle. */
export interface BundleAdjustment {
  orderId: number;
  shippingFeeBefore: number;
  shippingFeeAfter: number;
  /** Taken off the card authorisation (the amount captured at shipment). */
  cardReduction: number;
  /** Given back to the point balance (the part of the shipping the order paid with points). */
  pointsRefunded: number;
}

/** A bundle priced; its release (latestRelease of its orders) is when it can ship. */
export interface BundlePlan extends Release {
  shippingMethod: string;
  combinedSubtotal: number;
  /** What the orders' shipping costs as they stand, each shipped on its own. */
  separateShippingFee: number;
  /** The bundle's one shipment, on the combined subtotal (@shop/rules bundleShippingSaving). */
  bundledShippingFee: number;
  saving: number;
  /** Whether the combined subtotal reached the method's free-shipping threshold. */
  freeShipping: boolean;
  adjustments: BundleAdjustment[];
}

/**
 * Prices a bundle. The bundle's fee is spread over its orders in id order without raising any
 * order's fee (so no card needs a larger authorisation); each order's reduction comes off its
 * card amount first, keeping at least 1 yen so the authorisation stays valid (as checkout does),
 * and the rest (shipping the order paid with points) goes back to the point balance.
 */
function planBundle(orders: OpenOrder[]): BundlePlan | Refusal {
  if (orders.length < 2) return { code: 'bundle_too_few_orders', message: BUNDLE_MESSAGES.tooFew };
  const first = orders[0] as OpenOrder;
  const shipping = first.shippingMethod as ShippingMethodName;
  // One destination (destinationKey): abroad, the bundle ships at the flat overseas fee.
  const rule = bundleShippingSaving(orders, shipping, { global: isOverseas(first.address) });
  if (!rule.ok) return { code: rule.reason, message: CHECKOUT_FAILURE_MESSAGES[rule.reason] };
  let feeLeft = rule.bundledShippingFee;
  const adjustments = orders.map((order): BundleAdjustment => {
    const target = Math.min(order.shippingFee, feeLeft);
    feeLeft -= target;
    const reduction = order.shippingFee - target;
    const cardReduction = Math.min(reduction, Math.max(0, order.amountDue - 1));
    const pointsRefunded = Math.min(reduction - cardReduction, order.pointsUsed);
    return {
      orderId: order.id,
      shippingFeeBefore: order.shippingFee,
      shippingFeeAfter: order.shippingFee - cardReduction - pointsRefunded,
      cardReduction,
      pointsRefunded,
    };
  });
  const separate = orders.reduce((n, o) => n + o.shippingFee, 0);
  const bundled = adjustments.reduce((n, a) => n + a.shippingFeeAfter, 0);
  return {
    shippingMethod: first.shippingMethod,
    combinedSubtotal: rule.combinedSubtotal,
    separateShippingFee: separate,
    bundledShippingFee: bundled,
    saving: separate - bundled,
    freeShipping: rule.bundledShippingFee === 0,
    ...latestRelease(orders),
    adjustments,
  };
}

function isRefusal(value: BundlePlan | Refusal): value is Refusal {
  return 'code' in value;
}

function refusalError(refusal: Refusal): ServiceError {
  return new ServiceError(refusal.code, refusal.message);
}

/** Checks a selection (all the member's, each bundleable, one destination) and prices it. */
function checkSelection(ids: number[], orders: OpenOrder[]): BundlePlan | Refusal {
  if (ids.length < 2) return { code: 'bundle_too_few_orders', message: BUNDLE_MESSAGES.tooFew };
  if (orders.length !== ids.length) {
    return { code: 'order_not_found', message: BUNDLE_MESSAGES.orderNotFound };
  }
  for (const order of orders) {
    const refusal = refusalOf(order);
    if (refusal !== null) return refusal;
  }
  const key = destinationKey(orders[0] as OpenOrder);
  if (orders.some((o) => destinationKey(o) !== key)) {
    return {
      code: 'bundle_destination_mismatch',
      message: BUNDLE_MESSAGES.differentDestination,
    };
  }
  return planBundle(orders);
}

// ── list and preview ──

export interface BundleableOrder extends Release {
  id: number;
  state: OrderState;
  placedAt: string;
  shippingMethod: string;
  paymentMethod: string;
  subtotal: number;
  shippingFee: number;
  amountDue: number;
  /** Orders with the same group can be bundled together (same destination and method). */
  group: number;
}

export interface BundleGroup {
  group: number;
  shippingMethod: string;
  address: AddressSnapshot;
  orderIds: number[];
}

export interface BundleCandidates {
  orders: BundleableOrder[];
  /** Only groups of two or more orders: a group of one has nothing to be bundled with. */
  groups: BundleGroup[];
}

/**
 * The member's bundleable orders grouped by destination; with `orderId`, only the group of that
 * order (a refusal explains why the order itself cannot be bundled).
 */
export async function listBundleable(
  deps: AppDeps,
  memberId: number,
  orderId?: number,
): Promise<BundleCandidates> {
  if (orderId !== undefined) {
    const [order] = await readOrders(deps.db.orm, memberId, { ids: [orderId] }, false);
    if (order === undefined)
      throw new ServiceError('order_not_found', BUNDLE_MESSAGES.orderNotFound);
    const refusal = refusalOf(order);
    if (refusal !== null) throw refusalError(refusal);
  }
  const open = (await readOrders(deps.db.orm, memberId, 'open', false)).filter(
    (o) => refusalOf(o) === null,
  );
  const byKey = new Map<string, OpenOrder[]>();
  for (const order of open) {
    const key = destinationKey(order);
    byKey.set(key, [...(byKey.get(key) ?? []), order]);
  }
  const groups: BundleGroup[] = [];
  const orders: BundleableOrder[] = [];
  for (const members of byKey.values()) {
    if (members.length < 2) continue;
    if (orderId !== undefined && !members.some((o) => o.id === orderId)) continue;
    const first = members[0] as OpenOrder;
    const group = groups.length + 1;
    groups.push({
      group,
      shippingMethod: first.shippingMethod,
      address: first.address,
      orderIds: members.map((o) => o.id),
    });
    for (const o of members) {
      orders.push({
        id: o.id,
        state: o.state,
        placedAt: o.placedAt,
        releaseDate: o.releaseDate,
        releaseDatePrecision: o.releaseDatePrecision,
        shippingMethod: o.shippingMethod,
        paymentMethod: o.paymentMethod,
        subtotal: o.subtotal,
        shippingFee: o.shippingFee,
        amountDue: o.amountDue,
        group,
      });
    }
  }
  return { orders, groups };
}

export interface BundlePreview extends BundlePlan {
  orderIds: number[];
}

/** The shipping and saving of a selection, without changing anything. */
export async function previewBundle(
  deps: AppDeps,
  memberId: number,
  selection: BundleSelection,
): Promise<BundlePreview> {
  const ids = [...selection.orderIds].sort((a, b) => a - b);
  const plan = checkSelection(ids, await readOrders(deps.db.orm, memberId, { ids }, false));
  if (isRefusal(plan)) throw refusalError(plan);
  return { orderIds: ids, ...plan };
}

// ── confirm ──

/** A bundle and its orders; it ships when its last item is released (its release). */
export interface BundleView extends Release {
  id: number;
  state: 'open' | 'shipped' | 'cancelled';
  createdAt: string;
  shippedAt: string | null;
  shippingMethod: string;
  address: AddressSnapshot | null;
  combinedSubtotal: number;
  separateShippingFee: number;
  shippingFee: number;
  saving: number;
  freeShipping: boolean;
  /** Whether every item is out (the bundle waits for nothing but the warehouse). */
  releasedAll: boolean;
  orders: OrderView[];
}

/**
 * Hash of the request as understood: the sorted order ids. Base64url rather than hex: a hex
 * digest can hold a Luhn-valid run of 13+ digits, which the card-number scans rightly flag.
 */
function bundleRequestHash(ids: number[]): string {
  return createHash('sha256')
    .update(`bundle\n${ids.join(',')}`)
    .digest('base64url');
}

/**
 * Bundles the selected orders, in one transaction: the key is taken (a unique index makes a
 * concurrent duplicate wait for this one, then replay it), the member row is held FOR SHARE
 * against a withdrawal, the orders are locked in id order and checked again, then the bundle
 * is priced, the orders move to `bundled` with their lower shipping fees and history, and the
 * shipping paid with points is refunded through the ledger. The card side needs no call now:
 * the authorisation is lowered to the order's new amount when the bundle ships, before capture.
 */
export async function confirmBundle(
  deps: AppDeps,
  memberId: number,
  key: string,
  selection: BundleSelection,
): Promise<{ status: 200 | 201; body: BundleView }> {
  const ids = [...selection.orderIds].sort((a, b) => a - b);
  const hash = bundleRequestHash(ids);
  const now = deps.now();
  let created: number | null;
  try {
    created = await deps.db.orm.transaction(async (tx) => {
      const [bundle] = await txRows<{ id: number }>(
        tx,
        sql`insert into bundles (member_id, state, shipping_method, shipping_fee, saving, idempotency_key, request_hash, created_at)
            values (${memberId}, 'open', '', 0, 0, ${key}, ${hash}, ${now.toISOString()})
            on conflict (member_id, idempotency_key) do nothing returning id::int as id`,
      );
      if (bundle === undefined) return null;
      if (!(await lockMemberIfActive(tx, memberId, 'share')))
        throw new Rollback(new ServiceError('login_required', LOGIN_REQUIRED));
      const orders = await readOrders(tx, memberId, { ids }, true);
      const plan = checkSelection(ids, orders);
      if (isRefusal(plan)) throw new Rollback(refusalError(plan));
      await writeBundle(tx, memberId, bundle.id, orders, plan, now);
      return bundle.id;
    });
  } catch (error) {
    if (error instanceof Rollback) throw error.outcome as ServiceError;
    throw error;
  }
  if (created !== null) return { status: 201, body: await getBundle(deps, memberId, created) };
  const [existing] = await txRows<{ id: number; requestHash: string }>(
    deps.db.orm,
    sql`select id::int as id, request_hash as "requestHash" from bundles
        where member_id = ${memberId} and idempotency_key = ${key}`,
  );
  if (existing === undefined) throw new Error('bundle idempotency key vanished');
  if (existing.requestHash !== hash) {
    throw new ServiceError('idempotency_key_reused', BUNDLE_MESSAGES.keyReused);
  }
  return { status: 200, body: await getBundle(deps, memberId, existing.id) };
}

async function writeBundle(
  tx: Tx,
  memberId: number,
  bundleId: number,
  orders: OpenOrder[],
  plan: BundlePlan,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  await tx.execute(
    sql`update bundles set shipping_method = ${plan.shippingMethod}, shipping_fee = ${plan.bundledShippingFee},
          saving = ${plan.saving} where id = ${bundleId}`,
  );
  for (const order of orders) {
    const a = plan.adjustments.find((x) => x.orderId === order.id);
    if (a === undefined) throw new Error(`no adjustment for order ${order.id}`);
    const reduction = a.cardReduction + a.pointsRefunded;
    await tx.execute(
      sql`with o as (update orders set status = 'bundled', total = total - ${reduction} where id = ${order.id})
          update order_details set bundle_id = ${bundleId}, shipping_fee = ${a.shippingFeeAfter},
            amount_due = amount_due - ${a.cardReduction}, points_used = points_used - ${a.pointsRefunded}
          where order_id = ${order.id}`,
    );
    await tx.execute(
      sql`insert into order_state_history (order_id, from_state, to_state, actor, note, at)
          values (${order.id}, ${order.state}, 'bundled', 'member',
            ${`bundle ${bundleId}: shipping ${a.shippingFeeBefore} -> ${a.shippingFeeAfter}, card -${a.cardReduction}, points +${a.pointsRefunded}`},
            ${nowIso})`,
    );
    await creditPoints(tx, memberId, 'refund', a.pointsRefunded, order.id, now);
  }
}

/** One bundle of the member (or any bundle, for the operator) with its orders. */
export async function getBundle(
  deps: AppDeps,
  memberId: number | null,
  bundleId: number,
): Promise<BundleView> {
  const memberFilter = memberId === null ? sql`` : sql` and member_id = ${memberId}`;
  const [bundle] = await txRows<{
    id: number;
    memberId: number;
    state: BundleView['state'];
    createdAt: string;
    shippedAt: string | null;
    shippingMethod: string;
    shippingFee: number;
    saving: number;
  }>(
    deps.db.orm,
    sql`select id::int as id, member_id as "memberId", state, ${isoInstantSql('created_at')} as "createdAt",
               ${isoInstantSql('shipped_at')} as "shippedAt", shipping_method as "shippingMethod",
               shipping_fee as "shippingFee", saving
        from bundles where id = ${bundleId}${memberFilter}`,
  );
  if (bundle === undefined)
    throw new ServiceError('bundle_not_found', BUNDLE_MESSAGES.bundleNotFound);
  const ids = await txRows<{ id: number; address: AddressSnapshot }>(
    deps.db.orm,
    sql`select order_id::int as id, address from order_details where bundle_id = ${bundleId} order by order_id`,
  );
  const orders: OrderView[] = [];
  for (const { id } of ids) orders.push(await getOrder(deps, null, id));
  const release = latestRelease(orders);
  return {
    id: bundle.id,
    state: bundle.state,
    createdAt: bundle.createdAt,
    shippedAt: bundle.shippedAt,
    shippingMethod: bundle.shippingMethod,
    address: ids[0]?.address ?? null,
    combinedSubtotal: orders.reduce((n, o) => n + o.subtotal, 0),
    separateShippingFee: bundle.shippingFee + bundle.saving,
    shippingFee: bundle.shippingFee,
    saving: bundle.saving,
    freeShipping: bundle.shippingFee === 0,
    ...release,
    releasedAll: release.releaseDate === null || release.releaseDate <= jstToday(deps.now()),
    orders,
  };
}
