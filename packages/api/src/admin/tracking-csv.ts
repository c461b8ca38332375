import { CARRIER_NAMES, CARRIERS, type CarrierName, normalizeTrackingNumber } from '@shop/rules';
import { sql } from 'drizzle-orm';
import { txRows } from '../db/tx';
import type { AppDeps } from '../deps';
import type { ErrorDetail } from '../errors';
import type { Tracking } from '../services/orders';
import { CSV_SYNTAX_MESSAGES, parseCsv } from './csv';

// The tracking-number CSV a carrier's label software exports (docs/backoffice.md "Orders"):
// `order_number,carrier,tracking_number`, validated whole before anything ships.

export const TRACKING_CSV_HEADER = ['order_number', 'carrier', 'tracking_number'] as const;

/** Rows per file: a day's parcels of a small shop, and the bulk actions' limit. */
export const MAX_TRACKING_ROWS = 500;

/** The states an order may ship from (a bundled order ships its bundle). */
const SHIPPABLE_STATES = ['preparing', 'reserved', 'bundled'];

/** One valid row: the order to ship and how. */
export interface TrackingRow {
  line: number;
  orderId: number;
  tracking: Tracking;
}

/** A carrier as the file names it: its code (`yamato`) or its Japanese name (ヤマト運輸). */
function carrierOf(text: string): CarrierName | undefined {
  return CARRIER_NAMES.find((name) => name === text || CARRIERS[name].label === text);
}

function refusal(line: number, field: string, code: string, message: string): ErrorDetail {
  return { path: `lines.${line}.${field}`, code, message: `${line}行目: ${message}` };
}

/**
 * Reads and checks a tracking CSV: every row names a known order in a state that ships, once, a
 * carrier and a tracking number of that carrier's length. Answers the rows, or every refusal
 * with its line (the header is line 1).
 */
export async function readTrackingCsv(
  deps: AppDeps,
  text: string,
): Promise<{ ok: true; rows: TrackingRow[] } | { ok: false; details: ErrorDetail[] }> {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    const message = CSV_SYNTAX_MESSAGES[parsed.reason];
    return { ok: false, details: [refusal(parsed.line, 'csv', 'csv_syntax', message)] };
  }
  const [header, ...records] = parsed.records;
  if (header === undefined || header.fields.join(',') !== TRACKING_CSV_HEADER.join(',')) {
    return {
      ok: false,
      details: [
        refusal(
          1,
          'header',
          'csv_header',
          `1行目は見出し「${TRACKING_CSV_HEADER.join(',')}」にしてください。`,
        ),
      ],
    };
  }
  if (records.length === 0) {
    return { ok: false, details: [refusal(2, 'csv', 'csv_empty', '発送する行がありません。')] };
  }
  if (records.length > MAX_TRACKING_ROWS) {
    return {
      ok: false,
      details: [
        refusal(
          (records[MAX_TRACKING_ROWS] as { line: number }).line,
          'csv',
          'csv_too_many_rows',
          `一度に登録できるのは${MAX_TRACKING_ROWS}件までです。`,
        ),
      ],
    };
  }
  const ids = records
    .map((r) => r.fields[0] ?? '')
    .filter((n) => /^[1-9]\d{0,15}$/.test(n))
    .map(Number)
    .filter(Number.isSafeInteger);
  const states = new Map(
    ids.length === 0
      ? []
      : (
          await txRows<{ id: number; state: string }>(
            deps.db.orm,
            sql`select id::int as id, status as state from orders
                where id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
          )
        ).map((o) => [o.id, o.state]),
  );
  const details: ErrorDetail[] = [];
  const rows: TrackingRow[] = [];
  const firstLineOf = new Map<number, number>();
  for (const { line, fields } of records) {
    if (fields.length !== TRACKING_CSV_HEADER.length) {
      details.push(
        refusal(
          line,
          'csv',
          'csv_columns',
          `項目は${TRACKING_CSV_HEADER.length}つにしてください。`,
        ),
      );
      continue;
    }
    const [numberText, carrierText, trackingText] = fields.map((f) => f.trim()) as [
      string,
      string,
      string,
    ];
    const orderId = /^[1-9]\d{0,15}$/.test(numberText) ? Number(numberText) : undefined;
    const state = orderId === undefined ? undefined : states.get(orderId);
    const before = orderId === undefined ? undefined : firstLineOf.get(orderId);
    let ok = true;
    if (orderId === undefined || state === undefined) {
      details.push(
        refusal(line, 'order_number', 'unknown_order', `ご注文番号「${numberText}」はありません。`),
      );
      ok = false;
    } else if (before !== undefined) {
      details.push(
        refusal(
          line,
          'order_number',
          'duplicate_order',
          `ご注文番号${orderId}は${before}行目にもあります。`,
        ),
      );
      ok = false;
    } else if (!SHIPPABLE_STATES.includes(state)) {
      details.push(
        refusal(
          line,
          'order_number',
          'order_not_shippable',
          `ご注文番号${orderId}は発送できる状態ではありません。`,
        ),
      );
      ok = false;
    }
    if (orderId !== undefined && before === undefined) firstLineOf.set(orderId, line);
    const carrier = carrierOf(carrierText);
    if (carrier === undefined) {
      details.push(
        refusal(
          line,
          'carrier',
          'unknown_carrier',
          `配送業者「${carrierText}」は${CARRIER_NAMES.map((n) => CARRIERS[n].label).join('・')}のいずれかにしてください。`,
        ),
      );
      continue;
    }
    const trackingNumber = normalizeTrackingNumber(carrier, trackingText);
    if (trackingNumber === null) {
      details.push(
        refusal(
          line,
          'tracking_number',
          'tracking_number',
          `追跡番号は${CARRIERS[carrier].label}の${CARRIERS[carrier].digits.join('桁・')}桁の数字にしてください。`,
        ),
      );
      continue;
    }
    if (ok && orderId !== undefined)
      rows.push({ line, orderId, tracking: { carrier, trackingNumber } });
  }
  return details.length > 0 ? { ok: false, details } : { ok: true, rows };
}
