import { describe, expect, it } from 'vitest';
import { auditCsv, csvField } from './audit-log';

describe('csvField', () => {
  it('quotes every field and doubles quotes', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvField(null)).toBe('""');
  });

  it('turns would-be formulas into text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField('a=1')).toBe('"a=1"');
  });
});

describe('auditCsv', () => {
  it('writes a header and one CRLF row per entry, JSON for before and after', () => {
    const csv = auditCsv([
      { id: '7', occurredAt: '2026-11-23T10:00:00.000Z', actorType: 'reviewer', actorId: null, actorName: 'Rita', action: 'note.added', companyId: 'c1', before: null, after: { text: 'ok' } },
    ]);
    expect(csv).toBe(
      '\uFEFF"id","occurred_at","actor_type","actor_id","actor_name","action","company_id","before","after"\r\n' +
        '"7","2026-11-23T10:00:00.000Z","reviewer","","Rita","note.added","c1","","{""text"":""ok""}"\r\n',
    );
  });
});
