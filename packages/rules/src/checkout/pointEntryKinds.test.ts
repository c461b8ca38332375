import { describe, expect, test } from 'vitest';
import { POINT_ENTRY_KIND_LABELS, POINT_ENTRY_KINDS } from './pointEntryKinds';

describe('POINT_ENTRY_KIND_LABELS', () => {
  test('names every ledger kind as the member history shows it', () => {
    expect(POINT_ENTRY_KINDS.map((kind) => [kind, POINT_ENTRY_KIND_LABELS[kind]])).toEqual([
      ['grant', '獲得'],
      ['use', '利用'],
      ['refund', '返還'],
      ['cancel', '取消'],
      ['expiry', '有効期限切れ'],
      ['adjust', 'ショップによる調整'],
    ]);
  });

  test('labels exactly the ledger kinds, each with its own words', () => {
    expect(Object.keys(POINT_ENTRY_KIND_LABELS).sort()).toEqual([...POINT_ENTRY_KINDS].sort());
    const labels = Object.values(POINT_ENTRY_KIND_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
