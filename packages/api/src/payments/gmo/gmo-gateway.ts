import { cardBrand } from '@shop/rules';
import type {
  AuthorizeRequest,
  PaymentFailure,
  PaymentGateway,
  PaymentResult,
  SavedCard,
  Transaction,
  TransactionRef,
} from '../gateway';
import {
  classifyGmoErrors,
  encodeGmoRequest,
  GMO_MEMBER_EXISTS,
  type GmoApi,
  type GmoResponse,
  gmoRows,
  gmoTransactionStatus,
  gmoUrl,
  parseGmoResponse,
} from './protocol';

export interface GmoConfig {
  /** `GMO_ENDPOINTS.test`, `GMO_ENDPOINTS.production` or the shop's contracted endpoint. */
  baseUrl: string;
  shopId: string;
  shopPass: string;
  siteId: string;
  sitePass: string;
  /** Per call; a call that takes longer counts as `timeout` (its outcome is then looked up). */
  timeoutMs: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

type Params = Record<string, string | number | undefined>;

/**
 * GMO Multipayment over its idPass protocol, token mode only (the storefront tokenises the card
 * with GMO's script, so card numbers never reach this server). Payments are authorised with
 * JobCd=AUTH and captured with SalesTran when the order ships; a failed checkout voids its
 * authorisation with AlterTran JobCd=VOID.
 */
export class GmoMultipaymentGateway implements PaymentGateway {
  readonly kind = 'gmo' as const;
  readonly #config: GmoConfig;
  readonly #fetch: typeof fetch;

  constructor(config: GmoConfig) {
    this.#config = config;
    this.#fetch = config.fetch ?? fetch;
  }

  async authorize(request: AuthorizeRequest): Promise<PaymentResult<{ transaction: Transaction }>> {
    const shop = { ShopID: this.#config.shopId, ShopPass: this.#config.shopPass };
    let access: { AccessID: string; AccessPass: string };
    const entry = await this.#call('EntryTran', {
      ...shop,
      OrderID: request.gatewayOrderId,
      JobCd: 'AUTH',
      Amount: request.amount,
    });
    if (entry.ok) {
      access = { AccessID: entry.fields.AccessID ?? '', AccessPass: entry.fields.AccessPass ?? '' };
    } else if (entry.reason === 'duplicate') {
      // A retry of an attempt that already reached the gateway: continue it, never charge twice.
      const found = await this.lookup(request.gatewayOrderId);
      if (!found.ok) return found;
      const existing = found.transaction;
      if (existing === null) return entry;
      if (existing.status === 'authorized' || existing.status === 'captured') {
        return { ok: true, transaction: existing };
      }
      if (existing.status === 'voided') return entry;
      access = { AccessID: existing.accessId, AccessPass: existing.accessPass };
    } else {
      return entry;
    }

    const cardParams: Params =
      request.card.kind === 'token'
        ? { Token: request.card.token }
        : {
            SiteID: this.#config.siteId,
            SitePass: this.#config.sitePass,
            MemberID: request.card.gatewayMemberId,
            SeqMode: 0,
            CardSeq: request.card.cardSeq,
          };
    const exec = await this.#call('ExecTran', {
      ...access,
      OrderID: request.gatewayOrderId,
      Method: 1,
      ...cardParams,
    });
    if (!exec.ok) return exec;
    return {
      ok: true,
      transaction: {
        gatewayOrderId: request.gatewayOrderId,
        accessId: access.AccessID,
        accessPass: access.AccessPass,
        status: 'authorized',
        amount: request.amount,
        transactionId: exec.fields.TranID ?? '',
        approvalCode: exec.fields.Approve ?? '',
      },
    };
  }

  async capture(
    ref: TransactionRef,
    amount: number,
  ): Promise<PaymentResult<{ transaction: Transaction }>> {
    const sales = await this.#call('SalesTran', {
      ShopID: this.#config.shopId,
      ShopPass: this.#config.shopPass,
      AccessID: ref.accessId,
      AccessPass: ref.accessPass,
      JobCd: 'SALES',
      Amount: amount,
    });
    if (!sales.ok) return sales;
    return {
      ok: true,
      transaction: {
        ...ref,
        status: 'captured',
        amount,
        transactionId: sales.fields.TranID ?? '',
        approvalCode: sales.fields.Approve ?? '',
      },
    };
  }

  async changeAmount(
    ref: TransactionRef,
    amount: number,
  ): Promise<PaymentResult<{ transaction: Transaction }>> {
    const changed = await this.#call('ChangeTran', {
      ShopID: this.#config.shopId,
      ShopPass: this.#config.shopPass,
      AccessID: ref.accessId,
      AccessPass: ref.accessPass,
      JobCd: 'AUTH',
      Amount: amount,
    });
    if (!changed.ok) return changed;
    return {
      ok: true,
      transaction: {
        ...ref,
        status: 'authorized',
        amount,
        transactionId: changed.fields.TranID ?? '',
        approvalCode: changed.fields.Approve ?? '',
      },
    };
  }

  async void(gatewayOrderId: string): Promise<PaymentResult<{ voided: boolean }>> {
    const found = await this.lookup(gatewayOrderId);
    if (!found.ok) return found;
    const existing = found.transaction;
    if (existing === null || existing.status === 'entered' || existing.status === 'voided') {
      return { ok: true, voided: false };
    }
    const alter = await this.#call('AlterTran', {
      ShopID: this.#config.shopId,
      ShopPass: this.#config.shopPass,
      AccessID: existing.accessId,
      AccessPass: existing.accessPass,
      JobCd: existing.status === 'captured' ? 'RETURN' : 'VOID',
    });
    if (!alter.ok) return alter;
    return { ok: true, voided: true };
  }

  async lookup(
    gatewayOrderId: string,
  ): Promise<PaymentResult<{ transaction: Transaction | null }>> {
    const search = await this.#call('SearchTrade', {
      ShopID: this.#config.shopId,
      ShopPass: this.#config.shopPass,
      OrderID: gatewayOrderId,
    });
    if (!search.ok) {
      return search.reason === 'not_found' ? { ok: true, transaction: null } : search;
    }
    const f = search.fields;
    return {
      ok: true,
      transaction: {
        gatewayOrderId,
        accessId: f.AccessID ?? '',
        accessPass: f.AccessPass ?? '',
        status: gmoTransactionStatus(f.Status ?? ''),
        amount: Number(f.Amount ?? 0),
        transactionId: f.TranID ?? '',
        approvalCode: f.Approve ?? '',
      },
    };
  }

  async registerMember(gatewayMemberId: string): Promise<PaymentResult<object>> {
    const saved = await this.#call('SaveMember', { ...this.#site(), MemberID: gatewayMemberId });
    if (!saved.ok && !saved.codes.includes(GMO_MEMBER_EXISTS)) return saved;
    return { ok: true };
  }

  async saveCard(
    gatewayMemberId: string,
    token: string,
  ): Promise<PaymentResult<{ card: SavedCard }>> {
    const saved = await this.#call('SaveCard', {
      ...this.#site(),
      MemberID: gatewayMemberId,
      SeqMode: 0,
      Token: token,
    });
    if (!saved.ok) return saved;
    // SaveCard answers the sequence number and the masked number; the expiry comes from the list.
    const listed = await this.listCards(gatewayMemberId);
    if (!listed.ok) return listed;
    const card = listed.cards.find((c) => c.cardSeq === saved.fields.CardSeq);
    if (card === undefined) return { ok: false, reason: 'not_found', codes: [] };
    return { ok: true, card };
  }

  async listCards(gatewayMemberId: string): Promise<PaymentResult<{ cards: SavedCard[] }>> {
    const search = await this.#call('SearchCard', {
      ...this.#site(),
      MemberID: gatewayMemberId,
      SeqMode: 0,
    });
    if (!search.ok) return search.reason === 'not_found' ? { ok: true, cards: [] } : search;
    const rows = gmoRows(search.fields, ['CardSeq', 'CardNo', 'Expire', 'DeleteFlag', 'Brand']);
    const cards = rows
      .filter((row) => row.CardSeq !== '' && row.DeleteFlag !== '1')
      .map((row) => {
        const masked = row.CardNo ?? '';
        // Without GMO's Brand field, the brand is read from the masked number's leading digits.
        return {
          cardSeq: row.CardSeq ?? '',
          brand:
            row.Brand !== undefined && row.Brand !== ''
              ? row.Brand
              : (cardBrand(masked) ?? 'UNKNOWN'),
          last4: masked.slice(-4),
          expire: row.Expire ?? '',
        };
      });
    return { ok: true, cards };
  }

  async deleteCard(gatewayMemberId: string, cardSeq: string): Promise<PaymentResult<object>> {
    const deleted = await this.#call('DeleteCard', {
      ...this.#site(),
      MemberID: gatewayMemberId,
      SeqMode: 0,
      CardSeq: cardSeq,
    });
    if (!deleted.ok) return deleted;
    return { ok: true };
  }

  #site() {
    return { SiteID: this.#config.siteId, SitePass: this.#config.sitePass };
  }

  async #call(
    api: GmoApi,
    params: Params,
  ): Promise<{ ok: true; fields: Record<string, string> } | PaymentFailure> {
    let parsed: GmoResponse;
    try {
      const response = await this.#fetch(gmoUrl(this.#config.baseUrl, api), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encodeGmoRequest(params),
        signal: AbortSignal.timeout(this.#config.timeoutMs),
      });
      if (!response.ok)
        return { ok: false, reason: 'unavailable', codes: [`HTTP${response.status}`] };
      const body = new TextDecoder('shift_jis').decode(await response.arrayBuffer());
      parsed = parseGmoResponse(body);
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return { ok: false, reason: 'timeout', codes: [] };
      }
      // A broken connection may have reached the gateway: its outcome is as unknown as a timeout's.
      return { ok: false, reason: 'timeout', codes: ['NETWORK'] };
    }
    if (parsed.ok) return parsed;
    return {
      ok: false,
      reason: classifyGmoErrors(parsed.errors),
      codes: parsed.errors.map((e) => e.info),
    };
  }
}
