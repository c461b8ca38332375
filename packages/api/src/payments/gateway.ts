/**
 * The card payment gateway as the shop sees it. Two implementations: `GmoMultipaymentGateway`
 * (the real GMO protocol) and `SandboxGateway` (a local stand-in that behaves like it, the
 * default and what tests use). Card numbers never reach the API: a card is either a one-time
 * token made by the gateway's browser script, or a card already saved at the gateway.
 *
 * Business outcomes (declined, timed out, unknown card) are typed results, never exceptions;
 * only programmer errors throw.
 */

/** How a payment is funded: a one-time token, or a card saved under the member at the gateway. */
export type CardSource =
  | { kind: 'token'; token: string }
  | { kind: 'saved'; gatewayMemberId: string; cardSeq: string };

/**
 * Why the gateway said no.
 * - `declined`: the card company refused (insufficient funds, limit, stolen card ...).
 * - `invalid_card`: the token or saved card is unknown, used, expired or malformed.
 * - `timeout`: no answer in time; the outcome at the gateway is unknown until `lookup`.
 * - `unavailable`: the gateway is busy or down; nothing happened.
 * - `duplicate`: the gateway order id was already used (handled inside the adapters).
 * - `not_found`: no such transaction, member or card.
 * - `rejected`: the gateway refused the request itself (configuration or state error).
 */
export type PaymentFailureReason =
  | 'declined'
  | 'invalid_card'
  | 'timeout'
  | 'unavailable'
  | 'duplicate'
  | 'not_found'
  | 'rejected';

export interface PaymentFailure {
  ok: false;
  reason: PaymentFailureReason;
  /** The gateway's own error codes (GMO `ErrInfo`), for logs and support; never shown raw. */
  codes: string[];
}

export type PaymentResult<T> = ({ ok: true } & T) | PaymentFailure;

/** The handle of one transaction: the shop's order id at the gateway and its access pair. */
export interface TransactionRef {
  gatewayOrderId: string;
  accessId: string;
  accessPass: string;
}

/** A transaction's state at the gateway (GMO `Status`, lower-cased to what the shop uses). */
export type TransactionStatus = 'entered' | 'authorized' | 'captured' | 'voided';

export interface Transaction extends TransactionRef {
  status: TransactionStatus;
  amount: number;
  /** The gateway's transaction id (GMO `TranID`); empty before authorisation. */
  transactionId: string;
  /** The card company's approval number (GMO `Approve`); empty before authorisation. */
  approvalCode: string;
}

/** A card saved at the gateway: only what may be stored by the shop. */
export interface SavedCard {
  cardSeq: string;
  /** `VISA`, `MASTER`, `JCB`, `AMEX`, `DINERS` or `UNKNOWN`. */
  brand: string;
  last4: string;
  /** `YYMM`, as the gateway reports it. */
  expire: string;
}

export interface AuthorizeRequest {
  /** At most 27 characters of [A-Za-z0-9-] (the GMO OrderID rule); one per payment attempt. */
  gatewayOrderId: string;
  amount: number;
  card: CardSource;
}

export interface PaymentGateway {
  readonly kind: 'gmo' | 'sandbox';
  /**
   * Authorises (仮売上) `amount` yen. Idempotent per `gatewayOrderId`: a second call for an order
   * id that is already authorised returns that authorisation instead of charging again.
   */
  authorize(request: AuthorizeRequest): Promise<PaymentResult<{ transaction: Transaction }>>;
  /** Captures (実売上) an authorised transaction, e.g. when the order ships. */
  capture(
    ref: TransactionRef,
    amount: number,
  ): Promise<PaymentResult<{ transaction: Transaction }>>;
  /**
   * Lowers the amount of an authorised, not yet captured transaction (GMO ChangeTran with
   * JobCd=AUTH), e.g. when a bundle takes shipping off an order. Never raises it: a larger
   * amount would need the card company's approval again. Safe to repeat with the same amount.
   */
  changeAmount(
    ref: TransactionRef,
    amount: number,
  ): Promise<PaymentResult<{ transaction: Transaction }>>;
  /**
   * Voids a transaction by its order id. Safe to repeat: an already voided transaction or one
   * that never reached the gateway answers ok with `voided: false`.
   */
  void(gatewayOrderId: string): Promise<PaymentResult<{ voided: boolean }>>;
  /** The transaction registered under `gatewayOrderId`, or null when there is none. */
  lookup(gatewayOrderId: string): Promise<PaymentResult<{ transaction: Transaction | null }>>;
  /** Registers the member at the gateway (idempotent). */
  registerMember(gatewayMemberId: string): Promise<PaymentResult<object>>;
  /** Saves a tokenised card under a member registered with `registerMember`. */
  saveCard(gatewayMemberId: string, token: string): Promise<PaymentResult<{ card: SavedCard }>>;
  listCards(gatewayMemberId: string): Promise<PaymentResult<{ cards: SavedCard[] }>>;
  deleteCard(gatewayMemberId: string, cardSeq: string): Promise<PaymentResult<object>>;
}

/** The GMO OrderID rule, which the sandbox enforces too. */
export const GATEWAY_ORDER_ID_PATTERN = /^[A-Za-z0-9-]{1,27}$/;
