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

/**
 * The same formatting as SQL expressions, for exports the database writes line by line (a million rows cost
 * a fifth of what formatting each row here did). `csv.test.ts` holds each to its function above on PGlite and
 * PostgreSQL. Arguments are SQL expressions (column names), never input.
 *
 * A line is one `concat()` of its fields and separators (where NULL reads as empty): a chain of `||` made a new
 * string for each of its fifty-odd pieces, and with a regular expression per field cost the database twice what
 * `COPY` of the bare columns costs.
 */
export const csvSql = {
  /**
   * The inside of `csvField` of a text expression (NULL as NULL): a would-be formula gets its apostrophe and a
   * quote is doubled. The first character is tested with `ascii()`; the plain-number pattern runs only then.
   */
  text(expression: string): string {
    const v = `(${expression})`;
    return `replace(CASE WHEN ascii(${v}) IN (9, 13, 43, 45, 61, 64) AND ${v} !~ '^-?[0-9]+(\\.[0-9]+)?$' THEN '''' || ${v} ELSE ${v} END, '"', '""')`;
  },
  /** `csvField` of a text expression (NULL as empty). */
  field(expression: string): string {
    return `concat('"', ${csvSql.text(expression)}, '"')`;
  },
  /** `nairaText` of a bigint expression of kobo (NULL as NULL): a numeric of scale 2 prints both decimals. */
  naira(expression: string): string {
    return `((${expression}) * 0.01)::text`;
  },
  /** `lagosTimestamp` of a timestamptz expression (NULL as NULL). */
  lagos(expression: string): string {
    return `(to_char((${expression}) AT TIME ZONE 'UTC' + interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS') || '+01:00')`;
  },
  /**
   * An exact decimal of a count of smallest units (numeric(78,0) expression, NULL as NULL) at `decimals` places, as
   * `formatAmount(asset, units, { grouping: false })` writes it (`-1.500000000000000000` for ETH): a numeric times
   * 10^-decimals has exactly that scale, so every place prints and nothing goes through floating point.
   */
  units(expression: string, decimals: number): string {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 78) throw new Error(`No decimal places ${decimals}`);
    return decimals === 0 ? `(${expression})::numeric::text` : `((${expression}) * 0.${'0'.repeat(decimals - 1)}1)::text`;
  },
  /** `Date.prototype.toISOString` of a timestamptz expression (`2026-11-26T07:05:09.123Z`, NULL as NULL): milliseconds cut, not rounded, as the drivers read them. */
  isoUtc(expression: string): string {
    return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  },
  /**
   * A whole CSV line (CRLF ended) of fields, each quoted. Each expression is a field's inside already: `text()`
   * of free text, or an expression that can hold neither a quote nor a would-be formula (`naira`, `lagos`, a
   * uuid, a value its column's CHECK keeps to letters).
   */
  row(insides: string[]): string {
    return `concat('"', ${insides.join(`, '","', `)}, E'"\\r\\n')`;
  },
};
