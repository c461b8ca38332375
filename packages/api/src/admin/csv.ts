// The back office's CSV (docs/backoffice.md "CSV"): RFC 4180 fields (quotes around a field with a
// comma, a quote or a line break; a quote inside written twice), a header row, UTF-8 with a BOM
// on export so Excel opens it as UTF-8; imports take a BOM or none, CRLF or LF.

/** One record of a CSV file and the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Why a file is not CSV at all: the line of an unterminated quote or of text after one. */
export interface CsvSyntaxError {
  line: number;
  message: string;
}

/** Reads a whole CSV text into records; blank lines are skipped. */
export function parseCsv(text: string): { records: CsvRecord[] } | { error: CsvSyntaxError } {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < input.length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (input[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= input.length) {
            return { error: { line: start, message: '引用符（"）が閉じられていません。' } };
          }
          const char = input[i] as string;
          if (char === '"') {
            if (input[i + 1] === '"') {
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
        const next = input[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          return { error: { line, message: '引用符（"）の後に余分な文字があります。' } };
        }
      } else {
        while (i < input.length && !',\r\n'.includes(input[i] as string)) {
          field += input[i];
          i += 1;
        }
      }
      fields.push(field);
      if (input[i] === ',') {
        i += 1;
        continue;
      }
      break;
    }
    if (input[i] === '\r') i += 1;
    if (input[i] === '\n') i += 1;
    line += 1;
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
  }
  return { records };
}

function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file to download: a BOM, the header, one CRLF-ended row per record. */
export function formatCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string {
  return `\uFEFF${[header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('')}`;
}
