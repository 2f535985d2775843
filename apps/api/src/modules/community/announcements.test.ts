import { announcementMessages as say, type AdminAnnouncement, type Announcement } from '@fipay/contracts/announcements';
import { backOfficeMessages } from '@fipay/contracts/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewerAccount, type ReviewerAccount } from '../../test/back-office-fixtures';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

/** The operator's announcements over HTTP: written and published by admins, read by businesses (docs/decisions/0091-announcements-from-the-back-office.md). */
let server: TestServer;
let admin: ReviewerAccount;
let reviewer: ReviewerAccount;
let business: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, reviewer, business] = await Promise.all([
    createReviewerAccount(server, { role: 'admin', name: 'Ada Announcer' }),
    createReviewerAccount(server, { role: 'reviewer' }),
    createVerifiedUser(server).then((user) => login(server, user)).then((session) => session.accessToken),
  ]);
});
afterAll(() => server.close());

/** The announcement, or the refusal's code and field errors. */
type Answer = AdminAnnouncement & { code?: string; errors?: Record<string, string> };
const create = (body: object, token = admin.token) => server.api.post<Answer>('/admin/announcements', body, { token });
const edit = (id: string, body: object, token = admin.token) => server.api.patch<Answer>(`/admin/announcements/${id}`, body, { token });
const publish = (id: string, token = admin.token) => server.api.post<Answer>(`/admin/announcements/${id}/publish`, undefined, { token });
const archive = (id: string, token = admin.token) => server.api.post<Answer>(`/admin/announcements/${id}/archive`, undefined, { token });
const visible = async (query = '') => {
  const res = await server.api.get<{ announcements: Announcement[]; pagination: { totalItems: number } }>(`/announcements${query}`, { token: business });
  expect(res.status).toBe(200);
  return res.body.data;
};
const titlesSeen = async () => (await visible('?pageSize=20')).announcements.map((item) => item.title);
const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM announcements')).rows[0]!.n;
const auditOf = async (id: string) =>
  (
    await server.db.query<{ action: string; actor_type: string; actor_id: string; actor_name: string; before: unknown; after: { title?: string } }>(
      "SELECT action, actor_type, actor_id, actor_name, before, after FROM audit_log WHERE after->>'announcementId' = $1 ORDER BY id",
      [id],
    )
  ).rows;

describe('announcements for businesses', () => {
  it("shows the two announcements that were the web app's files, newest first, to a signed-in business only", async () => {
    const data = await visible();
    expect(data.announcements.slice(-2).map((item) => [item.title, item.publishedAt])).toEqual([
      ['Guides in the University', '2026-11-27T00:00:00.000Z'],
      ['The marketplace is open', '2026-11-26T00:00:00.000Z'],
    ]);
    const marketplace = data.announcements.find((item) => item.title === 'The marketplace is open')!;
    expect(marketplace.body).toContain('[marketplace](/marketplace)');
    expect(marketplace).toMatchObject({ link: null, expiresAt: null });

    const anonymous = await server.api.get('/announcements');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.isSuccessful).toBe(false);
    const reviewerToken = await server.api.get('/announcements', { token: admin.token });
    expect(reviewerToken.status).toBe(401);
  });

  it('pages newest first, and refuses a page size over 20 with the field named', async () => {
    const first = await visible('?page=1&pageSize=1');
    const second = await visible('?page=2&pageSize=1');
    expect(first.announcements).toHaveLength(1);
    expect(second.announcements).toHaveLength(1);
    expect(first.announcements[0]!.publishedAt >= second.announcements[0]!.publishedAt).toBe(true);
    expect(first.pagination.totalItems).toBeGreaterThanOrEqual(2);

    const tooMany = await server.api.get('/announcements?pageSize=21', { token: business });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data).toEqual({ code: 'VALIDATION_FAILED', errors: { pageSize: say.pageSizeInvalid(20) } });
  });
});

describe('announcements in the back office', () => {
  it('an admin writes a draft no business sees, publishes it to the top of the page, and archives it; each step audited', async () => {
    const created = await create({
      title: '  Faster payouts  ',
      body: 'Payouts now reach **GTBank** and **Access** accounts within minutes.',
      linkUrl: '/dashboard/transactions?tab=payouts',
      linkLabel: 'See your payouts',
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(say.created);
    const draft = created.body.data;
    expect(draft).toMatchObject({
      status: 'draft',
      title: 'Faster payouts',
      link: { url: '/dashboard/transactions?tab=payouts', label: 'See your payouts' },
      publishedAt: null,
      archivedAt: null,
      expired: false,
      createdBy: { id: admin.id, name: 'Ada Announcer' },
    });
    expect(await titlesSeen()).not.toContain('Faster payouts');

    const published = await publish(draft.id);
    expect(published.status).toBe(200);
    expect(published.body.message).toBe(say.published);
    expect(published.body.data.status).toBe('published');
    const seen = await visible();
    expect(seen.announcements[0]).toEqual({
      id: draft.id,
      title: 'Faster payouts',
      body: 'Payouts now reach **GTBank** and **Access** accounts within minutes.',
      link: { url: '/dashboard/transactions?tab=payouts', label: 'See your payouts' },
      publishedAt: published.body.data.publishedAt,
      expiresAt: null,
    });

    const again = await publish(draft.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(say.alreadyPublished);

    const archived = await archive(draft.id);
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({ status: 'archived', publishedAt: published.body.data.publishedAt });
    expect(archived.body.data.archivedAt).not.toBeNull();
    expect(await titlesSeen()).not.toContain('Faster payouts');
    expect((await archive(draft.id)).status).toBe(409);

    // Published again, it keeps its first day and so its place.
    const republished = await publish(draft.id);
    expect(republished.body.data).toMatchObject({ status: 'published', publishedAt: published.body.data.publishedAt, archivedAt: null });
    expect(await titlesSeen()).toContain('Faster payouts');

    const audit = await auditOf(draft.id);
    expect(audit.map((entry) => entry.action)).toEqual(['announcement.created', 'announcement.published', 'announcement.archived', 'announcement.published']);
    expect(audit.every((entry) => entry.actor_type === 'reviewer' && entry.actor_id === admin.id && entry.actor_name === 'Ada Announcer')).toBe(true);
    expect(audit[0]!.after).toMatchObject({ title: 'Faster payouts', linkUrl: '/dashboard/transactions?tab=payouts', status: 'draft' });
  });

  it('lists one status with the count of each, and shows one announcement', async () => {
    const { body } = await create({ title: 'Counted draft', body: 'Draft text.' });
    const list = await server.api.get<{ announcements: AdminAnnouncement[]; counts: Record<string, number> }>('/admin/announcements?status=draft', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.announcements[0]!.id).toBe(body.data.id);
    expect(list.body.data.announcements.every((item) => item.status === 'draft')).toBe(true);
    const { rows } = await server.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM announcements GROUP BY status');
    expect(list.body.data.counts).toEqual({ draft: 0, published: 0, archived: 0, ...Object.fromEntries(rows.map((row) => [row.status, row.n])) });

    const one = await server.api.get<AdminAnnouncement>(`/admin/announcements/${body.data.id}`, { token: admin.token });
    expect(one.body.data).toEqual(body.data);
    for (const id of ['0b9f2c1e-8d4a-4f6b-9c3d-2e1f0a9b8c7d', 'not-an-id']) {
      const missing = await server.api.get(`/admin/announcements/${id}`, { token: admin.token });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(say.notFound);
      expect((await publish(id)).status).toBe(404);
    }
    expect((await server.api.get('/admin/announcements?status=deleted', { token: admin.token })).body.data.errors).toEqual({ status: say.statusInvalid });
  });

  it('edits the fields given, keeping a link and its label together, audited before and after', async () => {
    const { body } = await create({ title: 'Holiday hours', body: 'Support closes early.', linkUrl: 'https://status.fipay.ng', linkLabel: 'Status page' });
    const id = body.data.id;
    const renamed = await edit(id, { title: 'Holiday support hours' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(say.updated);
    expect(renamed.body.data).toMatchObject({ title: 'Holiday support hours', body: 'Support closes early.', link: { url: 'https://status.fipay.ng', label: 'Status page' } });

    const cleared = await edit(id, { linkUrl: null });
    expect(cleared.body.data.link).toBeNull();
    const { rows } = await server.db.query<{ link_label: string | null }>('SELECT link_label FROM announcements WHERE id = $1', [id]);
    expect(rows[0]!.link_label).toBeNull();

    const labelAlone = await edit(id, { linkLabel: 'Read more' });
    expect(labelAlone.status).toBe(400);
    expect(labelAlone.body.data.errors).toEqual({ linkLabel: say.linkLabelWithoutUrl });
    const urlAlone = await edit(id, { linkUrl: '/dashboard/community' });
    expect(urlAlone.status).toBe(400);
    expect(urlAlone.body.data.errors).toEqual({ linkLabel: say.linkLabelRequired });

    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action)).toEqual(['announcement.created', 'announcement.edited', 'announcement.edited']);
    expect(audit[1]).toMatchObject({ before: { title: 'Holiday hours' }, after: { title: 'Holiday support hours' } });
    expect(audit[2]).toMatchObject({ before: { linkUrl: 'https://status.fipay.ng', linkLabel: 'Status page' }, after: { linkUrl: null, linkLabel: null } });
  });

  it('refuses bad input with each field named and keeps nothing', async () => {
    const before = await count();
    const cases: [object, Record<string, string>][] = [
      [{ title: '   ', body: 'Text.' }, { title: say.titleRequired }],
      [{ title: 'x'.repeat(121), body: 'Text.' }, { title: say.titleTooLong }],
      [{ title: 'Long', body: 'y'.repeat(5001) }, { body: say.bodyTooLong }],
      [{ title: 'Script', body: 'Text.', linkUrl: 'javascript:alert(1)', linkLabel: 'Go' }, { linkUrl: say.linkUrlInvalid }],
      [{ title: 'Elsewhere', body: 'Text.', linkUrl: '//evil.example/x', linkLabel: 'Go' }, { linkUrl: say.linkUrlInvalid }],
      [{ title: 'No label', body: 'Text.', linkUrl: 'https://fipay.ng' }, { linkLabel: say.linkLabelRequired }],
      [{ title: 'No link', body: 'Text.', linkLabel: 'Go' }, { linkLabel: say.linkLabelWithoutUrl }],
      [{ title: 'Past', body: 'Text.', expiresAt: '2020-01-01T00:00:00Z' }, { expiresAt: say.expiresAtPast }],
      [{ title: 'Not a time', body: 'Text.', expiresAt: 'next Friday' }, { expiresAt: say.expiresAtInvalid }],
      [{ title: 'Nul', body: 'Text\u0000' }, { body: 'Contains characters that are not allowed.' }],
    ];
    for (const [input, errors] of cases) {
      const res = await create(input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.data, JSON.stringify(input)).toEqual({ code: 'VALIDATION_FAILED', errors });
    }
    const extra = await create({ title: 'Extra', body: 'Text.', audience: 'everyone' });
    expect(extra.status).toBe(400);
    expect(await count()).toBe(before);

    const { body } = await create({ title: 'Untouched', body: 'Text.' });
    const nothing = await edit(body.data.id, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe(say.nothingToUpdate);
  });

  it('lets only admins in: a business and a reviewer without the role are refused and nothing is written', async () => {
    const before = await count();
    const asBusiness = await create({ title: 'From a business', body: 'Text.' }, business);
    expect(asBusiness.status).toBe(403);
    expect(asBusiness.body).toMatchObject({ isSuccessful: false, message: backOfficeMessages.companyTokenRefused, data: { code: 'FORBIDDEN' } });
    const asReviewer = await create({ title: 'From a reviewer', body: 'Text.' }, reviewer.token);
    expect(asReviewer.status).toBe(403);
    expect(asReviewer.body).toMatchObject({ message: backOfficeMessages.adminOnly, data: { code: 'FORBIDDEN' } });
    expect((await create({ title: 'Anonymous', body: 'Text.' }, '')).status).toBe(401);
    expect(await count()).toBe(before);

    const { body } = await create({ title: 'Admin only', body: 'Text.' });
    expect((await publish(body.data.id, reviewer.token)).status).toBe(403);
    expect((await archive(body.data.id, business)).status).toBe(403);
    expect((await edit(body.data.id, { title: 'Changed' }, reviewer.token)).status).toBe(403);
    expect((await server.api.get('/admin/announcements', { token: reviewer.token })).status).toBe(403);
    expect((await server.api.get(`/admin/announcements/${body.data.id}`, { token: reviewer.token })).status).toBe(403);
    expect((await server.api.get<AdminAnnouncement>(`/admin/announcements/${body.data.id}`, { token: admin.token })).body.data).toMatchObject({ status: 'draft', title: 'Admin only' });
  });

  it('hides an announcement once it expires, marks it expired for admins, and will not publish it again until the expiry changes', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const { body } = await create({ title: 'Maintenance tonight', body: 'Transfers pause from 23:00 to 23:30.', expiresAt: soon });
    expect(body.data.expiresAt).toBe(soon);
    const id = body.data.id;
    await publish(id);
    expect((await visible()).announcements.find((item) => item.id === id)).toMatchObject({ expiresAt: soon });

    // As if the hour had passed.
    await server.db.query("UPDATE announcements SET published_at = now() - interval '2 hours', expires_at = now() - interval '1 minute' WHERE id = $1", [id]);
    expect(await titlesSeen()).not.toContain('Maintenance tonight');
    const listed = await server.api.get<{ announcements: AdminAnnouncement[] }>('/admin/announcements?status=published&pageSize=100', { token: admin.token });
    expect(listed.body.data.announcements.find((item) => item.id === id)).toMatchObject({ expired: true });

    // The unchanged expiry may be sent back with another change; a new past one may not.
    const { rows } = await server.db.query<{ expires_at: Date }>('SELECT expires_at FROM announcements WHERE id = $1', [id]);
    expect((await edit(id, { title: 'Maintenance done', expiresAt: rows[0]!.expires_at.toISOString() })).status).toBe(200);
    expect((await edit(id, { expiresAt: new Date(Date.now() - 60_000).toISOString() })).body.data.errors).toEqual({ expiresAt: say.expiresAtPast });

    await archive(id);
    const refused = await publish(id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(say.expiredCannotPublish);
    expect((await edit(id, { expiresAt: null })).status).toBe(200);
    expect((await publish(id)).status).toBe(200);
    expect(await titlesSeen()).toContain('Maintenance done');
  });

  it('has the database refuse rows the contracts would refuse, whatever writes them', async () => {
    const refusals = [
      "INSERT INTO announcements (title, body) VALUES (repeat('x', 121), 'Text.')",
      "INSERT INTO announcements (title, body) VALUES ('Title', repeat('y', 5001))",
      "INSERT INTO announcements (title, body) VALUES ('', 'Text.')",
      "INSERT INTO announcements (title, body, link_url) VALUES ('Title', 'Text.', 'https://fipay.ng')",
      "INSERT INTO announcements (title, body, link_url, link_label) VALUES ('Title', 'Text.', 'javascript:alert(1)', 'Go')",
      "INSERT INTO announcements (title, body, status) VALUES ('Title', 'Text.', 'published')",
      "INSERT INTO announcements (title, body, status, published_at) VALUES ('Title', 'Text.', 'archived', now())",
      "INSERT INTO announcements (title, body, status, published_at, expires_at) VALUES ('Title', 'Text.', 'published', now(), now() - interval '1 day')",
    ];
    for (const statement of refusals) await expect(server.db.query(statement), statement).rejects.toMatchObject({ code: '23514' });
  });
});
