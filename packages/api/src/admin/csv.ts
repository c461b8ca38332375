// RFC 4180 CSV, as the back office reads and writes it (docs/backoffice.md, "CSV"): comma
// separated, fields with a comma, a quote or a line break quoted, quotes doubled. Imports accept
// a BOM, CRLF or LF line ends, and skip blank lines; every record keeps the line it starts on,
// so a refusal can name the line a spreadsheet shows (a quoted line break spans two lines).

/** One record of a CSV file and the line (1-based, the header is line 1) it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a file is not CSV at all: a quote left open, or a quote inside an unquoted field. */
export type CsvSyntaxError = 'unterminated_quote' | 'stray_quote';

export type CsvParse =
  | { ok: true; records: CsvRecord[] }
  | { ok: false; reason: CsvSyntaxError; line: number };

export const BOM = '\uFEFF';

/** Reads a CSV text into records (see the module comment); a syntax error names its line. */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = line;
    const fields: string[] = [];
    let blank = true;
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        blank = false;
        i += 1;
        for (;;) {
          if (i >= text.length) return { ok: false, reason: 'unterminated_quote', line: start };
          const char = text[i] as string;
          if (char === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (char === '\n') line += 1;
          field += char;
          i += 1;
        }
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          return { ok: false, reason: 'stray_quote', line };
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') return { ok: false, reason: 'stray_quote', line };
          field += text[i];
          i += 1;
        }
      }
      fields.push(field);
      if (field !== '') blank = false;
      if (text[i] === ',') {
        blank = false;
        i += 1;
        continue;
      }
      break;
    }
    // The record's line end: CRLF, LF or a lone CR.
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    line += 1;
    if (!blank) records.push({ line: start, fields });
  }
  return { ok: true, records };
}

function quoted(field: string): string {
  return /[",\r\n]/.test(field) || field === '' ? `"${field.replace(/"/g, '""')}"` : field;
}

/**
 * Records as CSV lines, each ended by CRLF. A field is quoted when it needs it; an empty field is
 * quoted only when it is a record's only field, so that the record does not read back as a blank
 * line.
 */
export function csvLines(records: readonly (readonly string[])[]): string {
  return records
    .map((fields) =>
      fields.length === 1 && fields[0] === ''
        ? '""\r\n'
        : `${fields.map((field) => (field === '' ? '' : quoted(field))).join(',')}\r\n`,
    )
    .join('');
}

/** A whole CSV file: a BOM (so that Excel reads it as UTF-8), then csvLines. */
export function stringifyCsv(records: readonly (readonly string[])[]): string {
  return `${BOM}${csvLines(records)}`;
}
