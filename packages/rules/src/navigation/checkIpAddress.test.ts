import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { ipv4Arb } from '../../test/arbitraries';
import { checkIpAddress } from './checkIpAddress';

const on = (allowedAddress: string) => ({ enabled: true, allowedAddress });
const DENIED_1 = {
  ok: false,
  status: 403,
  reason: 'first-address-denied',
  message: 'お使いの環境は権限がありません。(1)',
};
const DENIED_2 = {
  ok: false,
  status: 403,
  reason: 'second-address-denied',
  message: 'お使いの環境は権限がありません。(2)',
};

describe('checkIpAddress', () => {
  test('lets everything through while disabled', () => {
    expect(checkIpAddress({ enabled: false, allowedAddress: '203.0.113.7' }, ['x', 'y'])).toEqual({
      ok: true,
    });
  });

  test('passes when both sources are the allowed address', () => {
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7', '203.0.113.7'])).toEqual({ ok: true });
  });

  test("denies with '(1)' when the first source fails (checked first)", () => {
    expect(checkIpAddress(on('203.0.113.7'), ['198.51.100.1', '203.0.113.7'])).toEqual(DENIED_1);
    expect(checkIpAddress(on('203.0.113.7'), ['198.51.100.1', '198.51.100.2'])).toEqual(DENIED_1);
  });

  test("denies with '(2)' when only the second source fails", () => {
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7', '198.51.100.1'])).toEqual(DENIED_2);
  });

  test('an IPv4-mapped IPv6 address equals its IPv4 address, in either form', () => {
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7', '::ffff:203.0.113.7'])).toEqual({
      ok: true,
    });
    expect(checkIpAddress(on('::FFFF:203.0.113.7'), ['::ffff:cb00:7107', '203.0.113.7'])).toEqual({
      ok: true,
    });
  });

  test('IPv6 addresses compare by value, not by spelling', () => {
    expect(
      checkIpAddress(on('2001:db8::1'), ['2001:0DB8:0:0:0:0:0:0001', '[2001:db8::1]:443']),
    ).toEqual({ ok: true });
    expect(checkIpAddress(on('2001:db8::1'), ['2001:db8::2', undefined])).toEqual(DENIED_1);
    expect(checkIpAddress(on('::1'), ['fe80::1%eth0', '::1'])).toEqual(DENIED_1);
  });

  test('ignores a port and takes the rightmost entry of a forwarded list', () => {
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7:51234', '203.0.113.7'])).toEqual({
      ok: true,
    });
    expect(checkIpAddress(on('203.0.113.7'), ['198.51.100.1, 203.0.113.7', undefined])).toEqual({
      ok: true,
    });
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7, 198.51.100.1', undefined])).toEqual(
      DENIED_1,
    );
  });

  test('skips an absent source but denies when both are absent', () => {
    expect(checkIpAddress(on('203.0.113.7'), [undefined, '203.0.113.7'])).toEqual({ ok: true });
    expect(checkIpAddress(on('203.0.113.7'), ['', '203.0.113.7'])).toEqual({ ok: true });
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7', null])).toEqual({ ok: true });
    expect(checkIpAddress(on('203.0.113.7'), [null, undefined])).toEqual(DENIED_1);
  });

  test('fails closed on malformed addresses and on an invalid allowed address', () => {
    expect(checkIpAddress(on('203.0.113.7'), ['unknown', '203.0.113.7'])).toEqual(DENIED_1);
    expect(checkIpAddress(on('203.0.113.7'), ['203.0.113.7', '203.0.113.256'])).toEqual(DENIED_2);
    expect(checkIpAddress(on('203.0.113.07'), ['203.0.113.7', '203.0.113.7'])).toEqual(DENIED_1);
    expect(checkIpAddress(on(''), ['203.0.113.7', '203.0.113.7'])).toEqual(DENIED_1);
    expect(checkIpAddress(on('1:2:3'), ['1:2:3', '1:2:3'])).toEqual(DENIED_1);
  });
});

describe('properties', () => {
  const sourceArb = fc.option(fc.oneof(ipv4Arb, fc.ipV6(), fc.string()), { nil: undefined });
  test.prop([fc.string(), sourceArb, sourceArb])(
    'is off when disabled: enabled=false always gives ok',
    (allowedAddress, first, second) => {
      expect(checkIpAddress({ enabled: false, allowedAddress }, [first, second])).toEqual({
        ok: true,
      });
    },
  );

  test.prop([ipv4Arb])(
    'lets the allowed address in: in plain and IPv4-mapped IPv6 form',
    (address) => {
      expect(checkIpAddress(on(address), [address, `::ffff:${address}`])).toEqual({ ok: true });
    },
  );

  test.prop([fc.ipV6()])('lets an allowed IPv6 address in, upper- or lower-case', (address) => {
    expect(checkIpAddress(on(address), [address.toUpperCase(), address])).toEqual({ ok: true });
  });

  test.prop([ipv4Arb, ipv4Arb, fc.boolean()])(
    "keeps others out: a different address in either source is denied with that source's number",
    (allowed, other, inFirst) => {
      fc.pre(allowed !== other);
      const sources: [string, string] = inFirst ? [other, allowed] : [allowed, other];
      const result = checkIpAddress(on(allowed), sources);
      expect(result).toEqual(inFirst ? DENIED_1 : DENIED_2);
    },
  );
});
