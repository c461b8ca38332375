import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { parseCsv, stringifyCsv } from './csv';

const fieldArb = fc.string({ unit: fc.constantFrom('a', 'あ', ',', '"', '\n', '\r\n', ' ', 'x') });
const recordsArb = fc.array(fc.array(fieldArb, { minLength: 1, maxLength: 5 }), { maxLength: 8 });

describe('parseCsv', () => {
  test('reads quoted fields, doubled quotes, CRLF and LF, a BOM, and skips blank lines', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""",\n\n"two\nlines",z,\r\n';
    expect(parseCsv(text)).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['x, y', 'say "hi"', ''] },
        { line: 4, fields: ['two\nlines', 'z', ''] },
      ],
    });
  });

  test('names the line of an open quote and of a quote inside an unquoted field', () => {
    expect(parseCsv('a\nb\n"open,\nc')).toEqual({
      ok: false,
      reason: 'unterminated_quote',
      line: 3,
    });
    expect(parseCsv('a\nb"c\n')).toEqual({ ok: false, reason: 'stray_quote', line: 2 });
    expect(parseCsv('"a"b\n')).toEqual({ ok: false, reason: 'stray_quote', line: 1 });
  });
});

describe('properties', () => {
  test.prop([recordsArb])('round-trips: parseCsv(stringifyCsv(r)) gives r back', (records) => {
    const parsed = parseCsv(stringifyCsv(records));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.records.map((r) => r.fields)).toEqual(records);
  });

  test.prop([recordsArb])(
    'counts lines: each record starts on the line after the previous record ends',
    (records) => {
      const parsed = parseCsv(stringifyCsv(records));
      if (!parsed.ok) throw new Error('not parsed');
      let line = 1;
      parsed.records.forEach((record, index) => {
        expect(record.line).toBe(line);
        const breaks = (records[index] ?? []).join('').split('\n').length - 1;
        line += breaks + 1;
      });
    },
  );
});
