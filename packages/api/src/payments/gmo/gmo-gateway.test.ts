import { describe, expect, test } from 'vitest';
import { GmoMultipaymentGateway } from './gmo-gateway';

/** A recorded exchange: the operation called and the body the gateway answered. */
type Script = Record<string, string | 'hang'>;

/**
 * A fetch that plays back answers shaped like GMO's by operation name, and records every request
 * (operation and decoded parameters) for the assertions.
 */
function fakeGmo(script: Script) {
  const calls: { api: string; params: Record<string, string> }[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const api = url.slice(url.lastIndexOf('/') + 1).replace('.idPass', '');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe(
      'application/x-www-form-urlencoded',
    );
    calls.push({ api, params: Object.fromEntries(new URLSearchParams(String(init?.body))) });
    const answer = script[api];
    if (answer === undefined) throw new Error(`unexpected call to ${api}`);
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    return new Response(answer);
  }) as typeof fetch;
  const gateway = new GmoMultipaymentGateway({
    baseUrl: 'https://pt01.mul-pay.jp/payment/',
    shopId: 'tshop0001',
    shopPass: 'shoppass',
    siteId: 'tsite0001',
    sitePass: 'sitepass',
    timeoutMs: 50,
    fetch: fetchFn,
  });
  return { gateway, calls };
}

const ENTRY_OK = 'AccessID=acc123&AccessPass=pass456';
const EXEC_OK =
  'ACS=0&OrderID=S-1&Forward=2a99662&Method=1&PayTimes=&Approve=0123456&TranID=2504011200111111111111111111&TranDate=20250401120011&CheckString=x';
const SEARCH_AUTH =
  'OrderID=S-1&Status=AUTH&ProcessDate=20250401120011&JobCd=AUTH&AccessID=acc123&AccessPass=pass456&ItemCode=0000990&Amount=1100&Tax=0&SiteID=&MemberID=&CardNo=************1111&Expire=3012&Method=1&PayTimes=&Forward=2a99662&TranID=2504011200111111111111111111&Approve=0123456';

describe('GmoMultipaymentGateway.authorize', () => {
  test('EntryTran with JobCd=AUTH, then ExecTran with the token', async () => {
    const { gateway, calls } = fakeGmo({ EntryTran: ENTRY_OK, ExecTran: EXEC_OK });
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: { kind: 'token', token: 'tok-abc' },
    });
    expect(calls).toEqual([
      {
        api: 'EntryTran',
        params: {
          ShopID: 'tshop0001',
          ShopPass: 'shoppass',
          OrderID: 'S-1',
          JobCd: 'AUTH',
          Amount: '1100',
        },
      },
      {
        api: 'ExecTran',
        params: {
          AccessID: 'acc123',
          AccessPass: 'pass456',
          OrderID: 'S-1',
          Method: '1',
          Token: 'tok-abc',
        },
      },
    ]);
    expect(result).toEqual({
      ok: true,
      transaction: {
        gatewayOrderId: 'S-1',
        accessId: 'acc123',
        accessPass: 'pass456',
        status: 'authorized',
        amount: 1100,
        transactionId: '2504011200111111111111111111',
        approvalCode: '0123456',
      },
    });
  });

  test('a saved card is charged by site, member and card sequence', async () => {
    const { gateway, calls } = fakeGmo({ EntryTran: ENTRY_OK, ExecTran: EXEC_OK });
    await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 500,
      card: { kind: 'saved', gatewayMemberId: 'M42', cardSeq: '2' },
    });
    expect(calls[1]?.params).toEqual({
      AccessID: 'acc123',
      AccessPass: 'pass456',
      OrderID: 'S-1',
      Method: '1',
      SiteID: 'tsite0001',
      SitePass: 'sitepass',
      MemberID: 'M42',
      SeqMode: '0',
      CardSeq: '2',
    });
  });

  test('a card company refusal is a typed decline with its code', async () => {
    const { gateway } = fakeGmo({ EntryTran: ENTRY_OK, ExecTran: 'ErrCode=G02&ErrInfo=42G020000' });
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: { kind: 'token', token: 't' },
    });
    expect(result).toEqual({ ok: false, reason: 'declined', codes: ['42G020000'] });
  });

  test('a retry of an authorised order id returns the authorisation without ExecTran', async () => {
    const { gateway, calls } = fakeGmo({
      EntryTran: 'ErrCode=E01&ErrInfo=E01040010',
      SearchTrade: SEARCH_AUTH,
    });
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: { kind: 'token', token: 't' },
    });
    expect(calls.map((c) => c.api)).toEqual(['EntryTran', 'SearchTrade']);
    expect(result.ok && result.transaction.status).toBe('authorized');
  });

  test('a retry of an entered but unexecuted order id continues with its access pair', async () => {
    const { gateway, calls } = fakeGmo({
      EntryTran: 'ErrCode=E01&ErrInfo=E01040010',
      SearchTrade: SEARCH_AUTH.replace('Status=AUTH', 'Status=UNPROCESSED'),
      ExecTran: EXEC_OK,
    });
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: { kind: 'token', token: 't' },
    });
    expect(calls.map((c) => c.api)).toEqual(['EntryTran', 'SearchTrade', 'ExecTran']);
    expect(calls[2]?.params.AccessID).toBe('acc123');
    expect(result.ok).toBe(true);
  });

  test('no answer in time is a timeout, not a decline', async () => {
    const { gateway } = fakeGmo({ EntryTran: ENTRY_OK, ExecTran: 'hang' });
    const result = await gateway.authorize({
      gatewayOrderId: 'S-1',
      amount: 1100,
      card: { kind: 'token', token: 't' },
    });
    expect(result).toEqual({ ok: false, reason: 'timeout', codes: [] });
  });

  test('an HTTP error from the gateway is unavailable', async () => {
    const { gateway } = fakeGmo({});
    const failing = new GmoMultipaymentGateway({
      baseUrl: 'https://pt01.mul-pay.jp/payment/',
      shopId: 's',
      shopPass: 'p',
      siteId: 's',
      sitePass: 'p',
      timeoutMs: 50,
      fetch: (async () => new Response('busy', { status: 503 })) as typeof fetch,
    });
    expect(gateway.kind).toBe('gmo');
    expect(
      await failing.authorize({
        gatewayOrderId: 'S-1',
        amount: 1,
        card: { kind: 'token', token: 't' },
      }),
    ).toEqual({ ok: false, reason: 'unavailable', codes: ['HTTP503'] });
  });
});

describe('GmoMultipaymentGateway capture, void and lookup', () => {
  const ref = { gatewayOrderId: 'S-1', accessId: 'acc123', accessPass: 'pass456' };

  test('capture is SalesTran with JobCd=SALES and the amount', async () => {
    const { gateway, calls } = fakeGmo({
      SalesTran:
        'AccessID=acc123&AccessPass=pass456&Forward=2a99662&Approve=0123456&TranID=2504&TranDate=20250402',
    });
    const result = await gateway.capture(ref, 1100);
    expect(calls[0]).toEqual({
      api: 'SalesTran',
      params: {
        ShopID: 'tshop0001',
        ShopPass: 'shoppass',
        AccessID: 'acc123',
        AccessPass: 'pass456',
        JobCd: 'SALES',
        Amount: '1100',
      },
    });
    expect(result.ok && result.transaction.status).toBe('captured');
  });

  test('void looks the order up and voids an authorisation with AlterTran', async () => {
    const { gateway, calls } = fakeGmo({
      SearchTrade: SEARCH_AUTH,
      AlterTran:
        'AccessID=acc123&AccessPass=pass456&Forward=2a99662&Approve=&TranID=2504&TranDate=20250402',
    });
    expect(await gateway.void('S-1')).toEqual({ ok: true, voided: true });
    expect(calls[1]).toEqual({
      api: 'AlterTran',
      params: {
        ShopID: 'tshop0001',
        ShopPass: 'shoppass',
        AccessID: 'acc123',
        AccessPass: 'pass456',
        JobCd: 'VOID',
      },
    });
  });

  test('void of an order id the gateway never saw is a no-op', async () => {
    const { gateway, calls } = fakeGmo({ SearchTrade: 'ErrCode=E01&ErrInfo=E01110002' });
    expect(await gateway.void('S-9')).toEqual({ ok: true, voided: false });
    expect(calls).toHaveLength(1);
  });

  test('lookup maps SearchTrade fields', async () => {
    const { gateway } = fakeGmo({
      SearchTrade: SEARCH_AUTH.replace('Status=AUTH', 'Status=SALES'),
    });
    const result = await gateway.lookup('S-1');
    expect(result.ok && result.transaction).toMatchObject({
      status: 'captured',
      amount: 1100,
      accessId: 'acc123',
    });
  });
});

describe('GmoMultipaymentGateway members and cards', () => {
  test('registerMember is idempotent on "member exists"', async () => {
    const { gateway, calls } = fakeGmo({ SaveMember: 'ErrCode=E01&ErrInfo=E01390010' });
    expect(await gateway.registerMember('M42')).toEqual({ ok: true });
    expect(calls[0]?.params).toEqual({
      SiteID: 'tsite0001',
      SitePass: 'sitepass',
      MemberID: 'M42',
    });
  });

  test('saveCard sends only the token and reads back brand, last four and expiry', async () => {
    const { gateway, calls } = fakeGmo({
      SaveCard: 'CardSeq=1&CardNo=*************0005&Forward=2a99662',
      SearchCard:
        'CardSeq=0|1&DefaultFlag=0|0&CardName=|&CardNo=*************4242|*************0005&Expire=3012|2805&HolderName=|&DeleteFlag=0|0&Brand=VISA|',
    });
    const result = await gateway.saveCard('M42', 'tok-xyz');
    expect(calls[0]?.params).toEqual({
      SiteID: 'tsite0001',
      SitePass: 'sitepass',
      MemberID: 'M42',
      SeqMode: '0',
      Token: 'tok-xyz',
    });
    expect(result).toEqual({
      ok: true,
      card: { cardSeq: '1', brand: 'UNKNOWN', last4: '0005', expire: '2805' },
    });
  });

  test('listCards skips deleted cards and derives the brand from the masked number', async () => {
    const { gateway } = fakeGmo({
      SearchCard:
        'CardSeq=0|1&CardNo=411111******1111|*************0005&Expire=3012|2805&DeleteFlag=0|1',
    });
    expect(await gateway.listCards('M42')).toEqual({
      ok: true,
      cards: [{ cardSeq: '0', brand: 'VISA', last4: '1111', expire: '3012' }],
    });
  });

  test('a member without cards has an empty list', async () => {
    const { gateway } = fakeGmo({ SearchCard: 'ErrCode=E01&ErrInfo=E01240002' });
    expect(await gateway.listCards('M42')).toEqual({ ok: true, cards: [] });
  });

  test('deleteCard names the card sequence', async () => {
    const { gateway, calls } = fakeGmo({ DeleteCard: 'CardSeq=1' });
    expect(await gateway.deleteCard('M42', '1')).toEqual({ ok: true });
    expect(calls[0]?.params.CardSeq).toBe('1');
  });
});
