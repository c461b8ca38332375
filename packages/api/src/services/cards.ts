import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { members, savedCards } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { PaymentFailure, PaymentGateway } from '../payments/gateway';

/** A member may keep this many cards (GMO allows 10 per member; shops show a handful). */
export const SAVED_CARD_LIMIT = 5;

export interface SavedCardView {
  id: number;
  brand: string;
  last4: string;
  /** `YYMM`. */
  expire: string;
}

function view(row: typeof savedCards.$inferSelect): SavedCardView {
  return { id: row.id, brand: row.brand, last4: row.last4, expire: row.expire };
}

function gatewayError(failure: PaymentFailure): ApiError {
  switch (failure.reason) {
    case 'declined':
      return new ApiError(
        400,
        'card_declined',
        'このカードはご利用いただけません。別のカードをお試しください。',
      );
    case 'invalid_card':
      return new ApiError(
        400,
        'invalid_card_token',
        'カード情報を確認できませんでした。お手数ですが、もう一度カード情報を入力してください。',
      );
    default:
      return new ApiError(
        503,
        'payment_unavailable',
        '決済サービスに接続できませんでした。しばらくしてからもう一度お試しください。',
      );
  }
}

/** The configured gateway; a server started without one cannot take cards. */
export function gateway(deps: AppDeps): PaymentGateway {
  if (!deps.payments) {
    throw new ApiError(503, 'payment_unavailable', 'クレジットカードは現在ご利用いただけません。');
  }
  return deps.payments;
}

export async function listCards(deps: AppDeps, memberId: number): Promise<SavedCardView[]> {
  const rows = await deps.db.orm
    .select()
    .from(savedCards)
    .where(eq(savedCards.memberId, memberId))
    .orderBy(asc(savedCards.id));
  return rows.map(view);
}

/**
 * The member's id at the gateway: the stored one, or a new random one (never revealing or
 * colliding with a shop member id) that is registered at the gateway now but stored only once a
 * card is saved under it, so a refused token leaves the member row untouched.
 */
async function gatewayMemberId(
  deps: AppDeps,
  gateway: PaymentGateway,
  memberId: number,
): Promise<{ id: string; stored: boolean }> {
  const [member] = await deps.db.orm
    .select({ gatewayMemberId: members.gatewayMemberId })
    .from(members)
    .where(eq(members.id, memberId));
  if (member?.gatewayMemberId) return { id: member.gatewayMemberId, stored: true };
  const candidate = `M${memberId}-${randomBytes(6).toString('hex')}`;
  const registered = await gateway.registerMember(candidate);
  if (!registered.ok) throw gatewayError(registered);
  return { id: candidate, stored: false };
}

/**
 * Saves a card from a one-time gateway token. Only the gateway's card sequence, brand, last
 * four digits and expiry come back and are stored.
 */
export async function registerCard(
  deps: AppDeps,
  gateway: PaymentGateway,
  memberId: number,
  token: string,
): Promise<SavedCardView> {
  const [count] = await deps.db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(savedCards)
    .where(eq(savedCards.memberId, memberId));
  if ((count?.n ?? 0) >= SAVED_CARD_LIMIT) {
    throw new ApiError(
      409,
      'card_limit_reached',
      `登録できるクレジットカードは${SAVED_CARD_LIMIT}枚までです。不要なカードを削除してください。`,
    );
  }
  const gmid = await gatewayMemberId(deps, gateway, memberId);
  const saved = await gateway.saveCard(gmid.id, token);
  if (!saved.ok) throw gatewayError(saved);
  const { card } = saved;
  if (!gmid.stored) {
    const [row] = await deps.db.orm
      .update(members)
      .set({ gatewayMemberId: sql`coalesce(${members.gatewayMemberId}, ${gmid.id})` })
      .where(eq(members.id, memberId))
      .returning({ gatewayMemberId: members.gatewayMemberId });
    if (row?.gatewayMemberId !== gmid.id) {
      // A concurrent first registration stored another gateway id: this card sits under an id
      // the member no longer uses, so it is taken back and the shopper simply tries again.
      await gateway.deleteCard(gmid.id, card.cardSeq);
      throw new ApiError(
        409,
        'card_registration_conflict',
        'カードの登録が重なりました。もう一度お試しください。',
      );
    }
  }
  const [row] = await deps.db.orm
    .insert(savedCards)
    .values({
      memberId,
      cardSeq: card.cardSeq,
      brand: card.brand,
      last4: card.last4,
      expire: card.expire,
      createdAt: deps.now(),
    })
    .returning();
  if (!row) throw new Error('card insert returned no row');
  return view(row);
}

/** Deletes a saved card at the gateway, then here. */
export async function deleteCard(
  deps: AppDeps,
  gateway: PaymentGateway,
  memberId: number,
  id: number,
): Promise<void> {
  const [row] = await deps.db.orm
    .select({ cardSeq: savedCards.cardSeq, gatewayMemberId: members.gatewayMemberId })
    .from(savedCards)
    .innerJoin(members, eq(members.id, savedCards.memberId))
    .where(and(eq(savedCards.memberId, memberId), eq(savedCards.id, id)));
  if (!row) throw new ApiError(404, 'card_not_found', 'クレジットカードが見つかりません。');
  if (row.gatewayMemberId) {
    const result = await gateway.deleteCard(row.gatewayMemberId, row.cardSeq);
    // Already gone at the gateway is what we wanted; anything else keeps the row.
    if (!result.ok && result.reason !== 'not_found') throw gatewayError(result);
  }
  await deps.db.orm.delete(savedCards).where(eq(savedCards.id, id));
}
