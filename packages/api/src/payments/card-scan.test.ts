import { findCardNumbers } from '@shop/rules';
import { describe, expect, test } from 'vitest';
import { maskCardNumber, scanForCardNumbers } from './card-scan';

describe('maskCardNumber', () => {
  test('keeps the first six and the last four digits', () => {
    expect(maskCardNumber('4111111111111111')).toBe('411111…1111');
    expect(maskCardNumber('378282246310005')).toBe('378282…0005');
  });
});

describe('scanForCardNumbers', () => {
  test.each([
    {
      name: 'reports each number of a dump or log by line, masked',
      lines: [
        'COPY public.notes (id, body) FROM stdin;',
        '1\tno card here, only 2026-11-20 and 090-1234-5678',
        '2\tcard 4000 0566 5566 5556 and 5555-5555-5555-4444',
        '\\.',
      ],
      found: [
        { line: 3, masked: '400005…5556' },
        { line: 3, masked: '555555…4444' },
      ],
    },
    {
      name: 'sees full-width digits and the separators shoppers type, and no ISBN',
      lines: [
        '1\tカード４１１１－１１１１－１１１１－１１１１\t5555ー5555ー5555ー4444',
        '2\tISBN 9784000633529, TEL 090-1234-5678 2026-11-25',
      ],
      found: [
        { line: 1, masked: '411111…1111' },
        { line: 1, masked: '555555…4444' },
      ],
    },
  ])('$name', ({ lines, found }) => {
    expect(scanForCardNumbers(lines.join('\n'))).toEqual(found);
  });

  test('sees a number printed right after a terminal colour code', () => {
    expect(findCardNumbers('\x1b[31m4111111111111111\x1b[39m')).toEqual([]);
    expect(scanForCardNumbers('ok\n\x1b[31m4111111111111111\x1b[39m')).toEqual([
      { line: 2, masked: '411111…1111' },
    ]);
  });

  test('finds nothing in a text without a card number', () => {
    expect(scanForCardNumbers('order 12 paid 1,100円\nTranID=24111111111111111000000000')).toEqual(
      [],
    );
  });
});
