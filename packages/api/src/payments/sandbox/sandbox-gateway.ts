import {
  type AuthorizeRequest,
  GATEWAY_ORDER_ID_PATTERN,
  type PaymentFailure,
  type PaymentGateway,
  type PaymentResult,
  type SavedCard,
  type Transaction,
  type TransactionRef,
} from '../gateway';
import type { SandboxStore } from './sandbox-store';
import { parseSandboxToken, type SandboxTokenParts } from './sandbox-token';

export interface SandboxConfig {
  store: SandboxStore;
  /** Used to refuse expired cards. */
  now?: () => Date;
  /** How long a `timeout` card keeps the caller waiting before the timeout answer. */
  timeoutDelayMs?: number;
}

// The GMO ErrInfo codes the sandbox answers with, so logs look the same as in production.
const DECLINED: PaymentFailure = { ok: false, reason: 'declined', codes: ['42G020000'] };
const BAD_TOKEN: PaymentFailure = { ok: false, reason: 'invalid_card', codes: ['E61010002'] };
const USED_TOKEN: PaymentFailure = { ok: false, reason: 'invalid_card', codes: ['E61010003'] };
const TIMEOUT: PaymentFailure = { ok: false, reason: 'timeout', codes: [] };
const NOT_FOUND: PaymentFailure = { ok: false, reason: 'not_found', codes: ['E01110002'] };
const BAD_ORDER_ID: PaymentFailure = { ok: false, reason: 'rejected', codes: ['E01040013'] };
/** An amount, or a change, the transaction cannot take in its state. */
const REJECTED: PaymentFailure = { ok: false, reason: 'rejected', codes: ['E01050004'] };

/**
 * A local gateway that behaves like GMO Multipayment for the shop's purposes: one-time tokens
 * (see sandbox-token.ts), declines, timeouts after a successful authorisation, idempotency per
 * gateway order id, authorise → capture/void, and members with saved cards.
 */
export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;
  readonly #store: SandboxStore;
  readonly #now: () => Date;
  readonly #timeoutDelayMs: number;

  constructor(config: SandboxConfig) {
    this.#store = config.store;
    this.#now = config.now ?? (() => new Date());
    this.#timeoutDelayMs = config.timeoutDelayMs ?? 0;
  }

  async authorize(request: AuthorizeRequest): Promise<PaymentResult<{ transaction: Transaction }>> {
    if (!GATEWAY_ORDER_ID_PATTERN.test(request.gatewayOrderId)) return BAD_ORDER_ID;
    if (!Number.isSafeInteger(request.amount) || request.amount < 1) return REJECTED;
    const existing = await this.#store.getTransaction(request.gatewayOrderId);
    if (existing !== null && (existing.status === 'authorized' || existing.status === 'captured')) {
      return { ok: true, transaction: existing };
    }
    if (existing?.status === 'voided')
      return { ok: false, reason: 'duplicate', codes: ['E01040010'] };

    let outcome: SandboxTokenParts['outcome'];
    if (request.card.kind === 'token') {
      const parts = this.#validToken(request.card.token);
      if (parts === null) return BAD_TOKEN;
      if (!(await this.#store.consumeToken(request.card.token))) return USED_TOKEN;
      outcome = parts.outcome;
    } else {
      const cards = await this.#store.listCards(request.card.gatewayMemberId);
      if (!cards.some((c) => c.cardSeq === (request.card as { cardSeq: string }).cardSeq)) {
        return { ok: false, reason: 'invalid_card', codes: ['E01240002'] };
      }
      outcome = 'ok';
    }

    const entered: Transaction = existing ?? {
      gatewayOrderId: request.gatewayOrderId,
      accessId: crypto.randomUUID(),
      accessPass: crypto.randomUUID(),
      status: 'entered',
      amount: request.amount,
      transactionId: '',
      approvalCode: '',
    };
    const stored = await this.#store.insertTransaction(entered);
    if (stored.status === 'authorized' || stored.status === 'captured') {
      return { ok: true, transaction: stored };
    }
    if (outcome === 'decline') return DECLINED;

    const authorized: Transaction = {
      ...stored,
      status: 'authorized',
      amount: request.amount,
      transactionId: randomDigits(28),
      approvalCode: String(Math.floor(Math.random() * 9_000_000) + 1_000_000),
    };
    if (!(await this.#store.transition('entered', authorized))) {
      // A concurrent call for the same order id won: answer with its authorisation.
      const winner = await this.#store.getTransaction(request.gatewayOrderId);
      if (winner?.status === 'authorized' || winner?.status === 'captured') {
        return { ok: true, transaction: winner };
      }
      return { ok: false, reason: 'duplicate', codes: ['E01040010'] };
    }
    if (outcome === 'timeout') {
      await new Promise((resolve) => setTimeout(resolve, this.#timeoutDelayMs));
      return TIMEOUT;
    }
    return { ok: true, transaction: authorized };
  }

  async capture(
    ref: TransactionRef,
    amount: number,
  ): Promise<PaymentResult<{ transaction: Transaction }>> {
    const found = await this.#find(ref);
    if (found === null) return NOT_FOUND;
    if (found.status === 'captured') return { ok: true, transaction: found };
    if (found.status !== 'authorized' || amount > found.amount) return REJECTED;
    return this.#changeAuthorized({ ...found, status: 'captured', amount });
  }

  async changeAmount(
    ref: TransactionRef,
    amount: number,
  ): Promise<PaymentResult<{ transaction: Transaction }>> {
    const found = await this.#find(ref);
    if (found === null) return NOT_FOUND;
    // Repeating the change (or asking after the capture it preceded) changes nothing.
    if ((found.status === 'authorized' || found.status === 'captured') && found.amount === amount) {
      return { ok: true, transaction: found };
    }
    if (found.status !== 'authorized' || amount > found.amount || amount <= 0) return REJECTED;
    return this.#changeAuthorized({ ...found, amount });
  }

  async void(gatewayOrderId: string): Promise<PaymentResult<{ voided: boolean }>> {
    const found = await this.#store.getTransaction(gatewayOrderId);
    if (found === null || found.status === 'entered' || found.status === 'voided') {
      return { ok: true, voided: false };
    }
    const voided = await this.#store.transition(found.status, { ...found, status: 'voided' });
    return { ok: true, voided };
  }

  async lookup(
    gatewayOrderId: string,
  ): Promise<PaymentResult<{ transaction: Transaction | null }>> {
    return { ok: true, transaction: await this.#store.getTransaction(gatewayOrderId) };
  }

  async registerMember(gatewayMemberId: string): Promise<PaymentResult<object>> {
    await this.#store.addMember(gatewayMemberId);
    return { ok: true };
  }

  async saveCard(
    gatewayMemberId: string,
    token: string,
  ): Promise<PaymentResult<{ card: SavedCard }>> {
    if (!(await this.#store.hasMember(gatewayMemberId))) {
      return { ok: false, reason: 'not_found', codes: ['E01390002'] };
    }
    const parts = this.#validToken(token);
    if (parts === null) return BAD_TOKEN;
    if (!(await this.#store.consumeToken(token))) return USED_TOKEN;
    // A card the company refuses cannot be registered either (GMO checks it on SaveCard).
    if (parts.outcome === 'decline') return DECLINED;
    const card = await this.#store.addCard(gatewayMemberId, {
      brand: parts.brand,
      last4: parts.last4,
      expire: parts.expire,
    });
    return { ok: true, card };
  }

  async listCards(gatewayMemberId: string): Promise<PaymentResult<{ cards: SavedCard[] }>> {
    return { ok: true, cards: await this.#store.listCards(gatewayMemberId) };
  }

  async deleteCard(gatewayMemberId: string, cardSeq: string): Promise<PaymentResult<object>> {
    if (!(await this.#store.deleteCard(gatewayMemberId, cardSeq))) {
      return { ok: false, reason: 'not_found', codes: ['E01240002'] };
    }
    return { ok: true };
  }

  /** The transaction `ref` names, or null when there is none or its access id or pass differs. */
  async #find(ref: TransactionRef): Promise<Transaction | null> {
    const found = await this.#store.getTransaction(ref.gatewayOrderId);
    if (found === null || found.accessId !== ref.accessId || found.accessPass !== ref.accessPass) {
      return null;
    }
    return found;
  }

  /** Moves an authorised transaction to `next`; refused when a concurrent call moved it first. */
  async #changeAuthorized(next: Transaction): Promise<PaymentResult<{ transaction: Transaction }>> {
    if (!(await this.#store.transition('authorized', next))) return REJECTED;
    return { ok: true, transaction: next };
  }

  /** A well-formed token whose card has not expired (a card is valid through its expiry month). */
  #validToken(token: string): SandboxTokenParts | null {
    const parts = parseSandboxToken(token);
    if (parts === null) return null;
    // The expiry month is a Japan calendar month: shift to JST (UTC+9, no daylight saving).
    const jst = new Date(this.#now().getTime() + 9 * 60 * 60 * 1000);
    const yymm = (jst.getUTCFullYear() % 100) * 100 + jst.getUTCMonth() + 1;
    return Number(parts.expire) < yymm ? null : parts;
  }
}

/**
 * A GMO-style 28-digit TranID. Access ids are UUIDs rather than bare hex: neither can contain
 * a run of 13-19 digits, so the card-number scan of dumps and logs never trips over them.
 */
function randomDigits(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => String(b % 10)).join('');
}
