import { isMemberCancellable, type ReleaseDatePrecision } from '@shop/rules';
import type { AppDeps } from '../deps';
import { signatureMatches, signToken, splitToken } from '../notifications/signed-token';
import { signingKey } from '../notifications/unsubscribe';
import { cancelOrder, getOrder, type OrderView } from './orders';
import { ServiceError } from './service-error';

// The one-step free cancellation a 発売延期のお知らせ carries (docs/catalog-mail.md): a link per
// reservation naming the order and its member, signed with the shop's mail key, so the holder
// cancels from the mail without logging in and nobody else can. It goes through the member's
// own cancelOrder (stock, benefits and points given back, card authorisation voided); the shop
// charges no cancellation fee for any order, so a postponed reservation is cancelled free.

export const POSTPONEMENT_CANCEL_MESSAGES = {
  linkInvalid:
    'キャンセル用のリンクが正しくありません。メールに記載のリンクをそのままお使いいただくか、注文履歴からお手続きください。',
} as const;

/** What a cancellation link signs; its own prefix, so an unsubscribe one can never pass for it. */
function signed(memberId: number, orderId: number): string {
  return `postponement-cancel:${memberId}:${orderId}`;
}

/** The token of one reservation's cancellation link: `<order>.<member>.<signature>`. */
export function postponementCancelToken(key: Buffer, memberId: number, orderId: number): string {
  return signToken(key, [String(orderId), String(memberId)], signed(memberId, orderId));
}

const ID = /^[1-9]\d{0,14}$/;

/** The order and member a token names, or null when it is not one this shop signed. */
export function readPostponementCancelToken(
  key: Buffer,
  token: string,
): { orderId: number; memberId: number } | null {
  const split = splitToken(token);
  if (split === null) return null;
  const [order, member] = split.parts;
  if (!ID.test(order) || !ID.test(member)) return null;
  const orderId = Number(order);
  const memberId = Number(member);
  if (!signatureMatches(key, signed(memberId, orderId), split.signature)) return null;
  return { orderId, memberId };
}

/** What the cancellation page shows of the reservation a link names: no address, no payment. */
export interface PostponedReservation {
  orderId: number;
  state: OrderView['state'];
  /** Whether the link cancels it now: a member may cancel an order in its state (not bundled). */
  cancellable: boolean;
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  items: { title: string; variationName: string; quantity: number }[];
  amountDue: number;
}

async function namedOrder(
  deps: AppDeps,
  token: string,
): Promise<{ order: OrderView; memberId: number }> {
  const named = readPostponementCancelToken(await signingKey(deps.db), token);
  if (named === null) {
    throw new ServiceError('cancel_link_invalid', POSTPONEMENT_CANCEL_MESSAGES.linkInvalid);
  }
  // getOrder answers 404 for an order of another member: a link of a withdrawn member or of an
  // order erased since reads as not found, never as someone else's order.
  return { order: await getOrder(deps, named.memberId, named.orderId), memberId: named.memberId };
}

function reservationView(order: OrderView): PostponedReservation {
  return {
    orderId: order.id,
    state: order.state,
    cancellable: isMemberCancellable(order.state),
    releaseDate: order.releaseDate,
    releaseDatePrecision: order.releaseDatePrecision,
    items: order.items.map((i) => ({
      title: i.title,
      variationName: i.variationName,
      quantity: i.quantity,
    })),
    amountDue: order.amountDue,
  };
}

/** The reservation a cancellation link names, for the page that asks to confirm it. */
export async function previewPostponementCancel(
  deps: AppDeps,
  token: string,
): Promise<PostponedReservation> {
  const { order } = await namedOrder(deps, token);
  return reservationView(order);
}

/**
 * Cancels the reservation a link names, as its member would from the order history (the same
 * refusals: 409 `order_not_cancellable` once it is preparing or cancelled, 409
 * `order_in_bundle` in a bundle).
 */
export async function cancelWithPostponementLink(
  deps: AppDeps,
  token: string,
): Promise<PostponedReservation> {
  const { order, memberId } = await namedOrder(deps, token);
  const cancelled = await cancelOrder(deps, order.id, { memberId });
  return reservationView(cancelled);
}
