import { describe, expect, it } from 'vitest';
import { csvField, csvRow, lagosTimestamp, nairaText } from './csv';

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
