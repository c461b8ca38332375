/** Typed digits as ASCII: full-width digits and signs read, thousands separators dropped. */
function asciiNumber(input: string): string {
  return input
    .trim()
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[－−ー]/g, '-')
    .replace(/＋/g, '+')
    .replace(/[,，]/g, '');
}

/** A whole number of yen or points typed by a person (full-width digits and commas read). */
export function wholeNumber(input: string): number | null {
  const ascii = asciiNumber(input);
  return /^\d{1,9}$/.test(ascii) ? Number(ascii) : null;
}

/** A whole number with an optional sign (a point adjustment: +500 or −300). */
export function signedWholeNumber(input: string): number | null {
  const ascii = asciiNumber(input);
  return /^[+-]?\d{1,9}$/.test(ascii) ? Number(ascii) : null;
}
