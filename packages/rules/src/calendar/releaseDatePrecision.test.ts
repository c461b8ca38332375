import { describe, expect, it } from 'vitest';
import { RELEASE_DATE_PRECISION_LABELS, RELEASE_DATE_PRECISIONS } from './releaseDatePrecision';

describe('RELEASE_DATE_PRECISION_LABELS', () => {
  it('names exactly the precisions, each differently', () => {
    expect(Object.keys(RELEASE_DATE_PRECISION_LABELS).sort()).toEqual(
      [...RELEASE_DATE_PRECISIONS].sort(),
    );
    const labels = RELEASE_DATE_PRECISIONS.map((p) => RELEASE_DATE_PRECISION_LABELS[p]);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/まで$/);
  });
});
