import { groupShipments, isPriceUndecided, type Release } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { isAdult } from '../../accounts/member-schemas';
import type { Orm } from '../../db/client';
import { type Tx, txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { type CartLine, readCart } from '../cart';
import { ServiceError } from '../service-error';
import { CHECKOUT_MESSAGES, failure } from './messages';
import type { CheckoutKind } from './schemas';

/** One shipment of a checkout: what ships now, or one future release day. */
export interface Shipment extends Release {
  isReservation: boolean;
  /**
   * The shipment holds a 価格未定 item (a reservation whose price the shop has not decided): its
   * order is written with its amounts pending and quoted when the price is decided
   * (services/price-decision.ts).
   */
  pricePending: boolean;
  lines: CartLine[];
}

export interface Context {
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
      throw new ServiceError('items_not_allowed', CHECKOUT_MESSAGES.itemsOnlyForReserve);
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
               p.is_adult as "isAdult", p.cover_image as "coverImage", p.categories
        from variations v join products p on p.id = v.product_id
        where v.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return items.map((item) => {
    const row = rows.find((r) => r.variationId === item.variationId);
    if (row === undefined) {
      throw new ServiceError('variation_not_found', CHECKOUT_MESSAGES.variationNotFound);
    }
    return { ...row, quantity: item.quantity };
  });
}

/** Whether a line is 価格未定: reservable with no price decided (@shop/rules isPriceUndecided). */
export function isUndecided(line: CartLine): boolean {
  return isPriceUndecided({
    can_reserve: line.canReserve,
    unit_price: String(line.unitPrice ?? ''),
  });
}

/**
 * Loads and checks everything a quote and a confirm share: the lines, each purchasable by this
 * member (price decided unless reserved, adult rule, reservable when unreleased), grouped into
 * shipments.
 */
export async function loadContext(
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
  if (member === undefined) throw new ServiceError('login_required', 'ログインしてください。');
  if (member.disabled > 0) throw new ServiceError('not_available', CHECKOUT_MESSAGES.disabled);

  // Items that are out ship first; reservations follow, one per release day (@shop/rules).
  const shipments = groupShipments(lines, now).map(
    (shipment): Shipment => ({
      isReservation: shipment.releaseDate !== null,
      pricePending: shipment.releaseDate !== null && shipment.lines.some(isUndecided),
      ...shipment,
    }),
  );
  const reserved = new Set(shipments.flatMap((s) => (s.isReservation ? s.lines : [])));
  for (const line of lines) {
    if (line.isAdult && !isAdult(member.birthDate, now)) {
      throw new ServiceError('adult_only', CHECKOUT_MESSAGES.adultOnly);
    }
    // A 価格未定 item can be reserved (its order waits for the price), never bought outright.
    if ((line.unitPrice === null || isUndecided(line)) && !reserved.has(line)) {
      throw failure('price_undecided');
    }
    // A cheap early refusal; the transaction's conditional update is what actually decides.
    if (shortStock === 'refuse' && line.stock < line.quantity)
      throw new ServiceError('out_of_stock', CHECKOUT_MESSAGES.outOfStock);
    if (reserved.has(line) && !line.canReserve) {
      throw new ServiceError('not_reservable', CHECKOUT_MESSAGES.notReleasedNotReservable);
    }
    if (kind === 'reserve' && !reserved.has(line)) {
      throw new ServiceError('not_a_reservation', CHECKOUT_MESSAGES.notAReservation);
    }
  }
  return { memberId, lines, shipments, balance: member.balance };
}
