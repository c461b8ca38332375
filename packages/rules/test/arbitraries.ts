import fc from 'fast-check';

/**
 * Shared fast-check arbitraries for the rules suite, named `xxxArb`. Each area adds the ones it
 * needs here; tests import them instead of building their own.
 */

/** Any instant between 2000 and 2060 (whole milliseconds). */
export const instantArb = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});

/** A JST calendar day as a date-only string `yyyy-MM-dd`. */
export const dateOnlyArb = fc
  .record({
    year: fc.integer({ min: 2000, max: 2060 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(
    ({ year, month, day }) =>
      `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  );

/** A non-negative integer amount of yen, up to a large cart. */
export const yenArb = fc.integer({ min: 0, max: 2_000_000 });
