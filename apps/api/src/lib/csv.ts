/**
 * CSV as spreadsheets read it (RFC 4180): quoted fields, CRLF line ends, a byte-order mark first so names in
 * UTF-8 open correctly. A field that a spreadsheet would run as a formula is given a leading apostrophe
 * (OWASP "CSV injection"); a plain number, negative ones included, is left as it is.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export const CSV_BOM = '\uFEFF';

export function csvField(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvRow = (values: (string | null | undefined)[]): string => `${values.map(csvField).join(',')}\r\n`;

/** Kobo as naira with two decimals ("1234.50", "-45.00"), exact, for spreadsheets. */
export function nairaText(kobo: string | number | bigint | null): string {
  if (kobo === null) return '';
  const value = BigInt(kobo);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** An instant as Lagos time with its offset (`2026-11-26T07:05:09+01:00`): West Africa Time, UTC+1 all year. */
export function lagosTimestamp(at: Date | null): string {
  if (!at) return '';
  return `${new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;
}
