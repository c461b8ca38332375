import { describe, expect, test } from 'vitest';
import {
  classifyGmoErrors,
  encodeGmoRequest,
  gmoRows,
  gmoTransactionStatus,
  gmoUrl,
  parseGmoResponse,
} from './protocol';

describe('encodeGmoRequest', () => {
  test('form-encodes parameters in order and leaves out undefined ones', () => {
    expect(
      encodeGmoRequest({ ShopID: 'tshop0001', OrderID: 'S-1', Amount: 1100, Tax: undefined }),
    ).toBe('ShopID=tshop0001&OrderID=S-1&Amount=1100');
  });

  test('percent-encodes reserved characters', () => {
    expect(encodeGmoRequest({ ShopPass: 'a&b=c+d' })).toBe('ShopPass=a%26b%3Dc%2Bd');
  });

  test('refuses a non-ASCII value, which the Shift_JIS gateway would garble', () => {
    expect(() => encodeGmoRequest({ HolderName: '山田' })).toThrow(TypeError);
  });
});

describe('gmoUrl', () => {
  test('appends the operation and .idPass with or without a trailing slash', () => {
    expect(gmoUrl('https://pt01.mul-pay.jp/payment/', 'EntryTran')).toBe(
      'https://pt01.mul-pay.jp/payment/EntryTran.idPass',
    );
    expect(gmoUrl('https://pt01.mul-pay.jp/payment', 'SaveCard')).toBe(
      'https://pt01.mul-pay.jp/payment/SaveCard.idPass',
    );
  });
});

describe('parseGmoResponse', () => {
  test('reads an EntryTran success', () => {
    expect(parseGmoResponse('AccessID=a1b2c3&AccessPass=d4e5f6\n')).toEqual({
      ok: true,
      fields: { AccessID: 'a1b2c3', AccessPass: 'd4e5f6' },
    });
  });

  test('reads an ExecTran success with empty fields', () => {
    const parsed = parseGmoResponse(
      'ACS=0&OrderID=S000001&Forward=2a99662&Method=1&PayTimes=&Approve=0123456&TranID=2504011200111111111111111111&TranDate=20250401120011&CheckString=0123&ClientField1=',
    );
    expect(parsed.ok && parsed.fields).toMatchObject({
      ACS: '0',
      PayTimes: '',
      Approve: '0123456',
      TranID: '2504011200111111111111111111',
      ClientField1: '',
    });
  });

  test('pairs each ErrCode with its ErrInfo', () => {
    expect(parseGmoResponse('ErrCode=E01|E01&ErrInfo=E01010001|E01020001')).toEqual({
      ok: false,
      errors: [
        { code: 'E01', info: 'E01010001' },
        { code: 'E01', info: 'E01020001' },
      ],
    });
  });

  test('splits a value on its first = only', () => {
    expect(parseGmoResponse('CheckString=ab==&X=1')).toEqual({
      ok: true,
      fields: { CheckString: 'ab==', X: '1' },
    });
  });
});

describe('gmoRows', () => {
  test('splits a SearchCard answer into one record per card', () => {
    const parsed = parseGmoResponse(
      'CardSeq=0|1&DefaultFlag=0|0&CardName=|&CardNo=*************4242|*************0005&Expire=3012|2805&HolderName=|&DeleteFlag=0|1',
    );
    if (!parsed.ok) throw new Error('expected success');
    expect(gmoRows(parsed.fields, ['CardSeq', 'CardNo', 'Expire', 'DeleteFlag'])).toEqual([
      { CardSeq: '0', CardNo: '*************4242', Expire: '3012', DeleteFlag: '0' },
      { CardSeq: '1', CardNo: '*************0005', Expire: '2805', DeleteFlag: '1' },
    ]);
  });
});

describe('classifyGmoErrors', () => {
  const one = (code: string, info: string) => classifyGmoErrors([{ code, info }]);

  test('a card company refusal is a decline', () => {
    expect(one('G02', '42G020000')).toBe('declined');
    expect(one('G12', '42G120000')).toBe('declined');
    expect(one('C01', '42C010000')).toBe('declined');
  });

  test('token errors mean the card (token) is invalid', () => {
    expect(one('E61', 'E61010002')).toBe('invalid_card');
  });

  test('busy or down is unavailable', () => {
    expect(one('E92', 'E92000001')).toBe('unavailable');
    expect(one('E90', 'E90010001')).toBe('unavailable');
  });

  test('a used OrderID is a duplicate, a missing transaction is not found', () => {
    expect(one('E01', 'E01040010')).toBe('duplicate');
    expect(one('E01', 'E01110002')).toBe('not_found');
  });

  test('anything else is a rejected request', () => {
    expect(one('E01', 'E01010001')).toBe('rejected');
  });
});

describe('gmoTransactionStatus', () => {
  test('maps every SearchTrade status', () => {
    expect(gmoTransactionStatus('AUTH')).toBe('authorized');
    expect(gmoTransactionStatus('SAUTH')).toBe('authorized');
    expect(gmoTransactionStatus('SALES')).toBe('captured');
    expect(gmoTransactionStatus('CAPTURE')).toBe('captured');
    expect(gmoTransactionStatus('VOID')).toBe('voided');
    expect(gmoTransactionStatus('RETURN')).toBe('voided');
    expect(gmoTransactionStatus('UNPROCESSED')).toBe('entered');
    expect(gmoTransactionStatus('CHECK')).toBe('entered');
  });
});
