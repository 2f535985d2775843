import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCodes, assets } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';
import type { Db } from '../db/client';
import { createTestDb } from '../test/db';
import { csvField, csvRow, csvSql, lagosTimestamp, nairaText } from './csv';

describe('csv', () => {
  it('quotes every field and doubles quotes', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvField(null)).toBe('""');
    expect(csvRow(['a', null, 'b'])).toBe('"a","","b"\r\n');
  });

  it('turns would-be formulas into text, and leaves plain numbers, negative ones too, as numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField('a=1')).toBe('"a=1"');
    expect(csvField('-450.00')).toBe('"-450.00"');
    expect(csvField('-1e3')).toBe(`"'-1e3"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
  });

  it('writes kobo as exact naira and instants as Lagos time with its offset', () => {
    expect(nairaText('123456')).toBe('1234.56');
    expect(nairaText(-4_500_000)).toBe('-45000.00');
    expect(nairaText('9007199254740993')).toBe('90071992547409.93');
    expect(nairaText(null)).toBe('');
    expect(lagosTimestamp(new Date('2026-11-26T23:30:05.123Z'))).toBe('2026-11-27T00:30:05+01:00');
    expect(lagosTimestamp(null)).toBe('');
  });
});

describe('csv written by the database', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDb()));
  afterAll(() => drop());

  it('formats fields, naira, asset amounts, UTC and Lagos times exactly as the functions above do', async () => {
    const texts = ['plain', 'say "hi", then\r\nleave', '', '=1+1', '+1', '-1', '-450.00', '-1e3', '-2+3', '@me', '\tx', '\rx', 'a=1', '0', '12.5', '1.', 'Ọlá "Ẹ̀kọ́"', "it's", '١٢٣', '-12.5', '-', '-1.', '-.5', '"=x"', '\n-1', '="a"'];
    const fields = await db.query<{ value: string | null; field: string }>(
      `SELECT v AS value, ${csvSql.field('v')} AS field FROM unnest($1::text[]) AS v UNION ALL SELECT NULL, ${csvSql.field('NULL::text')}`,
      [texts],
    );
    for (const row of fields.rows) expect(row.field).toBe(csvField(row.value));

    const kobo = ['0', '1', '99', '100', '-1', '-4500000', '123456', '9007199254740993', '-9223372036854775807'];
    const naira = await db.query<{ kobo: string; text: string }>(`SELECT k::text AS kobo, ${csvSql.naira('k')} AS text FROM unnest($1::bigint[]) AS k`, [kobo]);
    for (const row of naira.rows) expect(row.text).toBe(nairaText(row.kobo));

    const instants = ['2026-11-26T23:30:05.999Z', '2026-12-31T23:00:00.000Z', '2024-02-28T23:59:59.500Z', '1999-01-01T00:00:00.001Z'];
    const times = await db.query<{ at: Date; text: string }>(`SELECT t AS at, ${csvSql.lagos('t')} AS text FROM unnest($1::timestamptz[]) AS t`, [instants]);
    for (const row of times.rows) expect(row.text).toBe(lagosTimestamp(row.at));

    // Smallest units as every asset's exact decimal, far past 2^63 and negative, as formatAmount writes them.
    const units = ['0', '1', '-1', '5', '99', '-100', '123456789', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '123456789012345678901234567', `-${'9'.repeat(78)}`];
    for (const asset of assetCodes) {
      const { rows } = await db.query<{ units: string; text: string }>(
        `SELECT u::text AS units, ${csvSql.units('u', assets[asset].decimals)} AS text FROM unnest($1::numeric(78,0)[]) AS u`,
        [units],
      );
      expect(rows).toHaveLength(units.length);
      for (const row of rows) expect(row.text, `${asset} ${row.units}`).toBe(formatAmount(asset, BigInt(row.units), { grouping: false }));
    }
    expect(csvSql.units('u', 0)).toBe('(u)::numeric::text');
    expect(() => csvSql.units('u', 1.5)).toThrow();

    // Instants with microseconds, read back by each database's driver: toISOString of what it reads.
    const precise = ['2026-11-26T23:30:05.999999Z', '2026-12-31T23:59:59.000500Z', '2024-02-29T00:00:00.001999Z', '1999-01-01T00:00:00Z', '2026-06-01T12:00:00.123456Z'];
    const iso = await db.query<{ at: Date; text: string }>(`SELECT t AS at, ${csvSql.isoUtc('t')} AS text FROM unnest($1::timestamptz[]) AS t`, [precise]);
    expect(iso.rows.map((row) => row.text)).toEqual(['2026-11-26T23:30:05.999Z', '2026-12-31T23:59:59.000Z', '2024-02-29T00:00:00.001Z', '1999-01-01T00:00:00.000Z', '2026-06-01T12:00:00.123Z']);
    for (const row of iso.rows) expect(row.text).toBe(row.at.toISOString());

    const line = await db.query<{ line: string }>(
      `SELECT ${csvSql.row([csvSql.text("'a'"), csvSql.text('NULL::text'), csvSql.text(`'-2+3'`), csvSql.naira('-4500::bigint'), csvSql.lagos('NULL::timestamptz')])} AS line`,
    );
    expect(line.rows[0]!.line).toBe(csvRow(['a', null, '-2+3', '-45.00', '']));
  });
});
