import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  checkoutNowArb,
  jstMidnightOracle,
  releaseSpanEndOracle,
  shipmentLinesArb,
} from '../../test/arbitraries';
import { INVALID_DATE_MESSAGE } from '../_lib/assert';
import type { Release } from '../calendar/latestRelease';
import type { ReleaseDatePrecision } from '../calendar/releaseDatePrecision';
import { groupShipments } from './groupShipments';

const line = (
  id: number,
  sellStartDate: string | null,
  releaseDatePrecision: ReleaseDatePrecision | null = 'day',
) => ({ id, sellStartDate, releaseDatePrecision });

/** Each shipment's release with the ids of its lines, in order. */
const summary = (shipments: (Release & { lines: { id: number }[] })[]) =>
  shipments.map(({ releaseDate, releaseDatePrecision, lines }) => ({
    releaseDate,
    releaseDatePrecision,
    lines: lines.map((l) => l.id),
  }));

const now = new Date('2026-11-25T01:00:00Z');

describe('groupShipments', () => {
  test('ships what is out first, then each release day at its vaguest line', () => {
    // 2027年3月中旬 is stored on the 11th, the day the exactly dated book comes out.
    const lines = [
      line(3, '2027-03-25'),
      line(1, '2027-03-11', 'month_part'),
      line(4, '2026-11-01'),
      line(2, '2027-03-11'),
    ];
    expect(summary(groupShipments(lines, now))).toEqual([
      { releaseDate: null, releaseDatePrecision: null, lines: [4] },
      { releaseDate: '2027-03-11', releaseDatePrecision: 'month_part', lines: [1, 2] },
      { releaseDate: '2027-03-25', releaseDatePrecision: 'day', lines: [3] },
    ]);
  });

  test('ships a line without a release day, and one released at 00:00 JST today, now', () => {
    // 2026-11-25 00:00 JST is 2026-11-24T15:00Z: the 25th is out, the 26th is not.
    const lines = [line(1, null, null), line(2, '2026-11-25'), line(3, '2026-11-26')];
    expect(summary(groupShipments(lines, now))).toEqual([
      { releaseDate: null, releaseDatePrecision: null, lines: [1, 2] },
      { releaseDate: '2026-11-26', releaseDatePrecision: 'day', lines: [3] },
    ]);
    expect(summary(groupShipments(lines, new Date('2026-11-24T14:59:59Z')))).toEqual([
      { releaseDate: null, releaseDatePrecision: null, lines: [1] },
      { releaseDate: '2026-11-25', releaseDatePrecision: 'day', lines: [2] },
      { releaseDate: '2026-11-26', releaseDatePrecision: 'day', lines: [3] },
    ]);
  });

  test('makes no shipment of no lines, and gives back the lines it was given', () => {
    expect(groupShipments([], now)).toEqual([]);
    const given = line(1, '2027-03-01', 'month');
    expect(groupShipments([given], now)[0]?.lines[0]).toBe(given);
  });

  test('throws for an unreleased day that is not date-only', () => {
    expect(() => groupShipments([line(1, '2027-03-11T10:00:00+09:00')], now)).toThrow(
      INVALID_DATE_MESSAGE,
    );
    expect(() => groupShipments([line(1, '2027/03/11')], now)).toThrow(INVALID_DATE_MESSAGE);
  });
});

describe('properties', () => {
  /** Whether a line is out at `at`, by UTC+9 arithmetic (an oracle). */
  const isOut = (sellStartDate: string | null, at: Date) =>
    sellStartDate === null || jstMidnightOracle(sellStartDate).getTime() <= at.getTime();

  test.prop([shipmentLinesArb, checkoutNowArb])(
    'is a partition: every line ships exactly once, in cart order within its shipment',
    (lines, at) => {
      const shipments = groupShipments(lines, at);
      const shipped = shipments.flatMap((s) => s.lines);
      expect([...shipped].sort((a, b) => a.id - b.id)).toEqual(lines);
      expect(new Set(shipped).size).toBe(lines.length);
      for (const { lines: group } of shipments) {
        expect(group.map((l) => l.id)).toEqual([...group.map((l) => l.id)].sort((a, b) => a - b));
        expect(group.length).toBeGreaterThan(0);
      }
    },
  );

  test.prop([shipmentLinesArb, checkoutNowArb])(
    'is in shipping order: what is out first, then one shipment per release day, earliest first',
    (lines, at) => {
      const days = groupShipments(lines, at).map((s) => s.releaseDate);
      days.slice(1).forEach((day, i) => {
        const before = days[i] ?? null;
        expect(day).not.toBeNull();
        if (before !== null) expect(before < (day ?? '')).toBe(true);
      });
    },
  );

  test.prop([shipmentLinesArb, checkoutNowArb])(
    'waits only for a release: a line ships now when out by now, else on its own release day',
    (lines, at) => {
      for (const shipment of groupShipments(lines, at)) {
        for (const l of shipment.lines) {
          if (shipment.releaseDate === null) expect(isOut(l.sellStartDate, at)).toBe(true);
          else {
            expect(isOut(l.sellStartDate, at)).toBe(false);
            expect(l.sellStartDate).toBe(shipment.releaseDate);
          }
        }
      }
    },
  );

  test.prop([shipmentLinesArb, checkoutNowArb])(
    'is true: no line of a reservation may come out after the last day of its release',
    (lines, at) => {
      for (const { releaseDate, releaseDatePrecision, lines: group } of groupShipments(lines, at)) {
        if (releaseDate === null) {
          expect(releaseDatePrecision).toBeNull();
          continue;
        }
        const end = releaseSpanEndOracle(releaseDate, releaseDatePrecision ?? 'day');
        for (const l of group) {
          const lineEnd = releaseSpanEndOracle(releaseDate, l.releaseDatePrecision ?? 'day');
          expect(lineEnd <= end).toBe(true);
        }
      }
    },
  );

  test.prop([shipmentLinesArb, checkoutNowArb, checkoutNowArb])(
    'is monotonic in time: a later now ships now every line an earlier one does',
    (lines, a, b) => {
      const [earlier, later] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
      const shippedNow = (at: Date) =>
        groupShipments(lines, at)
          .filter((s) => s.releaseDate === null)
          .flatMap((s) => s.lines.map((l) => l.id));
      expect(shippedNow(later)).toEqual(expect.arrayContaining(shippedNow(earlier)));
    },
  );

  test.prop([shipmentLinesArb, checkoutNowArb])(
    'is order-free: the cart in reverse makes the same shipments of the same lines',
    (lines, at) => {
      const sorted = (shipments: ReturnType<typeof summary>) =>
        shipments.map((s) => ({ ...s, lines: [...s.lines].sort((x, y) => x - y) }));
      expect(sorted(summary(groupShipments([...lines].reverse(), at)))).toEqual(
        sorted(summary(groupShipments(lines, at))),
      );
    },
  );
});
