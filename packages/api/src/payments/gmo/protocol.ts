import type { PaymentFailureReason, TransactionStatus } from '../gateway';

/**
 * The wire format of GMO Payment Gateway's Multipayment "idPass" protocol: every call is a POST
 * of `application/x-www-form-urlencoded` parameters to `<base>/<Api>.idPass`, and every answer is
 * a form-encoded body (Shift_JIS) such as `AccessID=...&AccessPass=...`. A failure answers
 * `ErrCode=E01|E01&ErrInfo=E01040010|E01060010`: one code pair per problem, joined by `|`.
 * List answers (SearchCard) join the values of each row with `|` in the same way.
 */

/** The protocol's operations used by the shop. */
export type GmoApi =
  | 'EntryTran'
  | 'ExecTran'
  | 'SalesTran'
  | 'ChangeTran'
  | 'AlterTran'
  | 'SearchTrade'
  | 'SaveMember'
  | 'SearchMember'
  | 'SaveCard'
  | 'SearchCard'
  | 'DeleteCard';

/** GMO's test and production endpoints; the shop's own contract names which one is used. */
export const GMO_ENDPOINTS = {
  test: 'https://pt01.mul-pay.jp/payment/',
  production: 'https://p01.mul-pay.jp/payment/',
} as const;

/** The URL of one operation under a base endpoint. */
export function gmoUrl(base: string, api: GmoApi): string {
  return `${base.endsWith('/') ? base : `${base}/`}${api}.idPass`;
}

/**
 * Encodes request parameters. Only ASCII is sent (ids, passwords, tokens, amounts): the gateway
 * reads Shift_JIS, so a non-ASCII value would be garbled, which is a programmer error here.
 */
export function encodeGmoRequest(params: Record<string, string | number | undefined>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = String(value);
    if (!/^[\x20-\x7e]*$/.test(text)) {
      throw new TypeError(`GMO parameter ${key} must be printable ASCII`);
    }
    body.append(key, text);
  }
  return body.toString();
}

export type GmoResponse =
  | { ok: true; fields: Record<string, string> }
  | { ok: false; errors: { code: string; info: string }[] };

/**
 * Parses an answer body. Values are split on the first `=` only and URL-decoded (the gateway
 * percent-encodes nothing it sends today, but a decoded `+` or `%xx` must not corrupt a field).
 */
export function parseGmoResponse(body: string): GmoResponse {
  const fields: Record<string, string> = {};
  for (const pair of body.trim().split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const raw = at < 0 ? '' : pair.slice(at + 1);
    fields[decode(key)] = decode(raw);
  }
  if (fields.ErrCode !== undefined || fields.ErrInfo !== undefined) {
    const codes = (fields.ErrCode ?? '').split('|');
    const infos = (fields.ErrInfo ?? '').split('|');
    const count = Math.max(codes.length, infos.length);
    const errors = Array.from({ length: count }, (_, i) => ({
      code: codes[i] ?? '',
      info: infos[i] ?? '',
    }));
    return { ok: false, errors };
  }
  return { ok: true, fields };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Splits a list answer (`CardSeq=0|1&Expire=2612|2701`) into one record per row. */
export function gmoRows(
  fields: Record<string, string>,
  keys: readonly string[],
): Record<string, string>[] {
  const columns = keys.map((key) => (fields[key] ?? '').split('|'));
  const count = Math.max(0, ...columns.map((column) => column.length));
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const row: Record<string, string> = {};
    keys.forEach((key, k) => {
      row[key] = columns[k]?.[i] ?? '';
    });
    rows.push(row);
  }
  return rows;
}

/** ErrInfo of "this OrderID has already been used" (EntryTran). */
export const GMO_DUPLICATE_ORDER_ID = 'E01040010';
/** ErrInfo of "this member already exists" (SaveMember). */
export const GMO_MEMBER_EXISTS = 'E01390010';
/** ErrInfo codes meaning the transaction, member or card does not exist. */
export const GMO_NOT_FOUND = new Set(['E01110002', 'E01390002', 'E01240002']);

/**
 * Classifies a failure by its first meaningful ErrInfo:
 * - card company refusals: ErrCode `G..`/`C..` (ErrInfo `42G020000` = G02 insufficient funds);
 * - token problems (`E61...`: missing, malformed, expired or already used token);
 * - busy or down (`E90...`, `E92...`): nothing happened, retry later;
 * - duplicate OrderID, not found; anything else is a rejected request.
 */
export function classifyGmoErrors(errors: { code: string; info: string }[]): PaymentFailureReason {
  const infos = errors.map((e) => e.info);
  if (errors.some((e) => /^[GC]/.test(e.code) || /^42[GC]/.test(e.info))) return 'declined';
  if (infos.some((info) => info.startsWith('E61'))) return 'invalid_card';
  if (infos.some((info) => /^E9[02]/.test(info))) return 'unavailable';
  if (infos.includes(GMO_DUPLICATE_ORDER_ID)) return 'duplicate';
  if (infos.some((info) => GMO_NOT_FOUND.has(info))) return 'not_found';
  return 'rejected';
}

/** Maps SearchTrade's `Status` to the shop's transaction status. */
export function gmoTransactionStatus(status: string): TransactionStatus {
  switch (status) {
    case 'AUTH':
    case 'SAUTH':
      return 'authorized';
    case 'CAPTURE':
    case 'SALES':
      return 'captured';
    case 'VOID':
    case 'RETURN':
    case 'RETURNX':
      return 'voided';
    default:
      // UNPROCESSED, AUTHENTICATED and CHECK hold no money.
      return 'entered';
  }
}
