import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { members, savedCards } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import type { PaymentFailure, PaymentGateway, PaymentResult, SavedCard } from '../payments/gateway';
import { ServiceError } from './service-error';
import { reserveAttempt, reserveSlotIn } from './throttle';

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

function gatewayError(failure: PaymentFailure): ServiceError {
  switch (failure.reason) {
    case 'declined':
      return new ServiceError(
        'card_declined',
        'このカードはご利用いただけません。別のカードをお試しください。',
      );
    case 'invalid_card':
      return new ServiceError(
        'invalid_card_token',
        'カード情報を確認できませんでした。お手数ですが、もう一度カード情報を入力してください。',
      );
    default:
      return new ServiceError(
        'payment_unavailable',
        '決済サービスに接続できませんでした。しばらくしてからもう一度お試しください。',
      );
  }
}

/** The configured gateway; a server started without one cannot take cards. */
export function gateway(deps: AppDeps): PaymentGateway {
  if (!deps.payments) {
    throw new ServiceError('payment_unavailable', 'クレジットカードは現在ご利用いただけません。');
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
): Promise<PaymentResult<{ id: string; stored: boolean }>> {
  const [member] = await deps.db.orm
    .select({ gatewayMemberId: members.gatewayMemberId })
    .from(members)
    .where(eq(members.id, memberId));
  if (member?.gatewayMemberId) return { ok: true, id: member.gatewayMemberId, stored: true };
  const candidate = `M${memberId}-${randomBytes(6).toString('hex')}`;
  const registered = await gateway.registerMember(candidate);
  if (!registered.ok) return registered;
  return { ok: true, id: candidate, stored: false };
}

function cardLimitReached(): ServiceError {
  return new ServiceError(
    'card_limit_reached',
    `登録できるクレジットカードは${SAVED_CARD_LIMIT}枚までです。不要なカードを削除してください。`,
  );
}

/**
 * How long a card slot stays reserved for its gateway calls: one a crashed request never gave
 * back frees itself after this.
 */
const CARD_SLOT_HOLD_MS = 5 * 60 * 1000;

/** What a member who withdrew while a registration ran is told: the session is gone too. */
function memberGone(): ServiceError {
  return new ServiceError('login_required', 'ログインしてください。');
}

/**
 * How many of a member's cards, counted under the member row's lock (held by `tx`); undefined
 * once the member has withdrawn (withdrawal erases the cards under the same lock).
 */
async function savedCardCount(
  tx: Pick<Database, 'orm' | 'rows'>,
  memberId: number,
): Promise<number | undefined> {
  const [member] = await tx.rows<{ active: boolean }>(
    sql`select withdrawn_at is null as active from members where id = ${memberId} for update`,
  );
  if (!member?.active) return undefined;
  const [count] = await tx.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(savedCards)
    .where(eq(savedCards.memberId, memberId));
  return count?.n ?? 0;
}

/**
 * Reserves one of the member's SAVED_CARD_LIMIT slots before the gateway is called, or refuses
 * with 409: under the member row's lock, the saved cards plus the registrations still at the
 * gateway (a counter in throttle_counters) stay within the limit, so a burst reaches the
 * gateway only for the free slots.
 */
async function reserveCardSlot(deps: AppDeps, memberId: number, now: Date) {
  const slot = await deps.db.transaction(async (tx) => {
    const saved = await savedCardCount(tx, memberId);
    if (saved === undefined) return memberGone();
    const free = SAVED_CARD_LIMIT - saved;
    if (free <= 0) return cardLimitReached();
    const policy = { maxAttempts: free, windowMs: CARD_SLOT_HOLD_MS, lockMs: 0 };
    const key = `card-slots:${memberId}`;
    return (await reserveSlotIn(tx, deps.db, { key, policy }, now, '')) ?? cardLimitReached();
  });
  if (slot instanceof ServiceError) throw slot;
  return slot;
}

/** A card the gateway saved: stored here, or taken back at the gateway with the reason. */
async function storeCard(
  deps: AppDeps,
  gateway: PaymentGateway,
  memberId: number,
  gmid: { id: string; stored: boolean },
  card: SavedCard,
): Promise<SavedCardView> {
  const stored = await deps.db.transaction(async (tx) => {
    // Checked again under the lock: the member may have withdrawn during the gateway call (its
    // cards were erased and must not come back), and a slot held past CARD_SLOT_HOLD_MS may
    // have been counted out.
    const saved = await savedCardCount(tx, memberId);
    if (saved === undefined) return memberGone();
    if (saved >= SAVED_CARD_LIMIT) return cardLimitReached();
    if (!gmid.stored) {
      const [member] = await tx.orm
        .update(members)
        .set({ gatewayMemberId: sql`coalesce(${members.gatewayMemberId}, ${gmid.id})` })
        .where(eq(members.id, memberId))
        .returning({ gatewayMemberId: members.gatewayMemberId });
      if (member?.gatewayMemberId !== gmid.id) {
        // A concurrent first registration stored another gateway id: this card sits under an
        // id the member no longer uses, so it is taken back and the shopper simply tries again.
        return new ServiceError(
          'card_registration_conflict',
          'カードの登録が重なりました。もう一度お試しください。',
        );
      }
    }
    const [row] = await tx.orm
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
  });
  if (stored instanceof ServiceError) {
    await gateway.deleteCard(gmid.id, card.cardSeq);
    throw stored;
  }
  return stored;
}

/**
 * Saves a card from a one-time gateway token. Only the gateway's card sequence, brand, last
 * four digits and expiry come back and are stored.
 *
 * Order of effects:
 * 1. A card slot is reserved under the member row's lock (409 `card_limit_reached` when the
 *    saved cards and the registrations in flight fill SAVED_CARD_LIMIT): the gateway is never
 *    called for a card that could not be kept.
 * 2. An attempt is reserved against the card-testing throttles of the member and of the client
 *    address (429 when either is full), before the gateway can tell a valid token from a stolen
 *    one.
 * 3. The gateway saves the card. A card it refuses (declined, unknown token) keeps the
 *    attempt counted; any other outcome gives it back, since nothing was learned about a card.
 * 4. The card is stored (the limit checked once more under the lock), and the slot given back.
 */
export async function registerCard(
  deps: AppDeps,
  gateway: PaymentGateway,
  memberId: number,
  token: string,
  address: string,
): Promise<SavedCardView> {
  const now = deps.now();
  const slot = await reserveCardSlot(deps, memberId, now);
  try {
    const { throttle } = deps.config.accounts;
    const attempt = await reserveAttempt(
      deps.db,
      {
        member: { key: `card-member:${memberId}`, policy: throttle.cardMember },
        address: { key: `card-address:${address}`, policy: throttle.cardAddress },
      },
      now,
      'クレジットカードの登録',
    );
    const saved = await attempt.refundIfThrows(async () => {
      const gmid = await gatewayMemberId(deps, gateway, memberId);
      if (!gmid.ok) return gmid;
      const result = await gateway.saveCard(gmid.id, token);
      return result.ok ? { ok: true as const, gmid, card: result.card } : result;
    });
    if (!saved.ok) {
      if (saved.reason !== 'declined' && saved.reason !== 'invalid_card') {
        await attempt.refund('member', 'address');
        throw gatewayError(saved);
      }
      throw (await attempt.fail('member', 'address')) ?? gatewayError(saved);
    }
    await attempt.refund('member', 'address');
    return await storeCard(deps, gateway, memberId, saved.gmid, saved.card);
  } finally {
    await slot.refund('slot');
  }
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
  if (!row) throw new ServiceError('card_not_found', 'クレジットカードが見つかりません。');
  if (row.gatewayMemberId) {
    const result = await gateway.deleteCard(row.gatewayMemberId, row.cardSeq);
    // Already gone at the gateway is what we wanted; anything else keeps the row.
    if (!result.ok && result.reason !== 'not_found') throw gatewayError(result);
  }
  await deps.db.orm.delete(savedCards).where(eq(savedCards.id, id));
}
