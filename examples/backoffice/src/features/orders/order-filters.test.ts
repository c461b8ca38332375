import { describe, expect, it } from 'vitest';
import { readQuery, writeQuery } from '../../lib/url-query';
import { ORDER_FILTERS } from './order-filters';

const readFilters = (search: string) => readQuery(ORDER_FILTERS, search);

describe('order filters in the URL', () => {
  it('reads the API query names and drops unknown or malformed values', () => {
    expect(
      readFilters(
        '?state=awaiting_payment&paymentMethod=bank_transfer&overdue=1&releaseFrom=2026-12-01&placedTo=2026-12-3&memberId=12&orderNumber=abc&cursor=xyz&foo=bar',
      ),
    ).toEqual({
      state: 'awaiting_payment',
      paymentMethod: 'bank_transfer',
      overdue: '1',
      releaseFrom: '2026-12-01',
      memberId: '12',
      cursor: 'xyz',
    });
    expect(readFilters('?state=lost&paymentMethod=bitcoin&overdue=yes')).toEqual({});
  });

  it('writes back what it reads', () => {
    const search = 'state=shipped&paymentMethod=credit_card&releaseTo=2027-01-31&orderNumber=42';
    expect(writeQuery(ORDER_FILTERS, readFilters(search))).toBe(search);
  });
});
