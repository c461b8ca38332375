import { paymentMethod, SHIPPING_METHODS } from '@shop/rules';
import { sql } from 'drizzle-orm';
import type { AddressSnapshot } from '../../db/schema/orders';
import { txRows } from '../../db/tx';
import type { AppDeps } from '../../deps';
import type { CardSource } from '../../payments/gateway';
import { ServiceError } from '../service-error';
import { type Context, loadContext } from './load-context';
import { CHECKOUT_MESSAGES, failure } from './messages';
import { priceShipments, type ShipmentQuote } from './price-shipments';
import type { CheckoutKind, ConfirmBody } from './schemas';

export interface Prepared {
  context: Context;
  card: CardSource | null;
  address: AddressSnapshot;
  quotes: ShipmentQuote[];
  /** The saved card a 価格未定 shipment paid by card is authorised with when priced. */
  pendingCardId: number | null;
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
        throw new ServiceError('card_not_allowed', CHECKOUT_MESSAGES.cardNotAllowed);
      return null;
    default:
      return settlement satisfies never;
  }
  if (body.card === undefined)
    throw new ServiceError('card_required', CHECKOUT_MESSAGES.cardRequired);
  if ('token' in body.card) return { kind: 'token', token: body.card.token };
  const [saved] = await txRows<{ cardSeq: string; gatewayMemberId: string | null }>(
    deps.db.orm,
    sql`select c.card_seq as "cardSeq", m.gateway_member_id as "gatewayMemberId"
        from saved_cards c join members m on m.id = c.member_id
        where c.id = ${body.card.savedCardId} and c.member_id = ${memberId}`,
  );
  if (saved === undefined || saved.gatewayMemberId === null) {
    throw new ServiceError('saved_card_not_found', CHECKOUT_MESSAGES.savedCardNotFound);
  }
  return { kind: 'saved', gatewayMemberId: saved.gatewayMemberId, cardSeq: saved.cardSeq };
}

/** The member's address-book entry frozen for an order; throws `address_not_found`. */
export async function readAddress(
  deps: AppDeps,
  memberId: number,
  addressId: number,
): Promise<AddressSnapshot> {
  const [address] = await txRows<AddressSnapshot>(
    deps.db.orm,
    sql`select postal_code as "postalCode", prefecture, city, street, building,
               last_name as "lastName", first_name as "firstName",
               last_name_kana as "lastNameKana", first_name_kana as "firstNameKana", phone,
               country, full_name as "fullName", line1, line2, region
        from shipping_addresses where id = ${addressId} and member_id = ${memberId}`,
  );
  if (address === undefined)
    throw new ServiceError('address_not_found', CHECKOUT_MESSAGES.addressNotFound);
  // A Japanese order's snapshot keeps the shape it always had.
  const { country, fullName, line1, line2, region, ...domestic } = address;
  return country === 'JP' ? domestic : address;
}

/** Whether an address is abroad: the overseas fee and the methods the rules allow there. */
export function isOverseas(address: Pick<AddressSnapshot, 'country'>): boolean {
  return address.country !== undefined && address.country !== 'JP';
}

/** Everything a confirm checks and prices before it changes anything; throws ServiceError. */
export async function prepareCheckout(
  deps: AppDeps,
  kind: CheckoutKind,
  memberId: number,
  body: ConfirmBody,
): Promise<Prepared> {
  // Three independent reads side by side, one round trip of waiting instead of three; a
  // refusal is still the first of them in this order, whichever came back first.
  const [contextRead, cardRead, addressRead] = await Promise.allSettled([
    loadContext(deps, kind, memberId, body.items),
    resolveCard(deps, memberId, body),
    readAddress(deps, memberId, body.addressId),
  ]);
  if (contextRead.status === 'rejected') throw contextRead.reason;
  if (cardRead.status === 'rejected') throw cardRead.reason;
  if (addressRead.status === 'rejected') throw addressRead.reason;
  const context = contextRead.value;
  const card = cardRead.value;
  const address = addressRead.value;
  const shipping = SHIPPING_METHODS.find((m) => m.typeName === body.shippingMethod);
  const slot = body.deliveryTimeSlot ?? 'unspecified';
  if (slot !== 'unspecified' && !shipping?.hasOption) {
    throw new ServiceError('time_slot_not_available', CHECKOUT_MESSAGES.timeSlotNotAvailable);
  }
  // Time slots are the Japanese carriers' service: a parcel abroad is delivered by the post there.
  if (slot !== 'unspecified' && isOverseas(address)) {
    throw new ServiceError(
      'time_slot_not_available',
      CHECKOUT_MESSAGES.timeSlotNotAvailableOverseas,
    );
  }
  const priced = priceShipments(
    context.shipments,
    body.shippingMethod,
    body.paymentMethod,
    body.usePoints ?? 0,
    context.balance,
    isOverseas(address),
  );
  if (!priced.ok) throw failure(priced.reason);
  let pendingCardId: number | null = null;
  if (card !== null && priced.quotes.some((q) => q.pricePending)) {
    // A card token is good for one authorisation within minutes; a 価格未定 order is authorised
    // when the price is decided, weeks later, so it takes a card saved with the gateway.
    if (body.card === undefined || !('savedCardId' in body.card)) {
      throw new ServiceError('saved_card_required', CHECKOUT_MESSAGES.savedCardForPricePending);
    }
    pendingCardId = body.card.savedCardId;
  }
  return { context, card, address, quotes: priced.quotes, pendingCardId };
}
