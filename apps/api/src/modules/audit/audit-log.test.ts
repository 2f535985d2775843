import { describe, expect, it } from 'vitest';
import { auditCsv } from './audit-log';

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
