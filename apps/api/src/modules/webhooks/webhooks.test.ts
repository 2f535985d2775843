import { webhookMessages } from '@fipay/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpExpired } from '../../jobs/clean-up';
import { decrypt } from '../../lib/crypto';
import { idempotencyMessages } from '../../plugins/idempotency';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { webhookUrlMessages } from './url-guard';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A company with a test secret key, on `on` (the shared server unless given). */
async function merchant(on: TestServer = server) {
  const session = await login(on, await createVerifiedUser(on));
  const key = (await on.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  return { session, key };
}

const receiver = 'http://127.0.0.1:4999/fipay-hook';

describe('webhook endpoints', () => {
  it('are created with a whsec_ secret shown once and stored encrypted, listed, changed and deleted, each with its event', async () => {
    const { session, key } = await merchant();
    const created = await server.api.post('/webhook-endpoints', { url: receiver, description: 'Orders', enabledEvents: ['webhook_endpoint.updated'] }, { token: key });
    expect(created.status).toBe(201);
    const { secret, ...endpoint } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ livemode: false, url: receiver, description: 'Orders', enabledEvents: ['webhook_endpoint.updated'], disabled: false });
    const stored = await server.db.query<{ secret_ciphertext: string }>('SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(stored.rows[0]!.secret_ciphertext).not.toContain(secret.slice(6));
    expect(decrypt(server.app.ctx.keys.webhookSecret, stored.rows[0]!.secret_ciphertext)).toBe(secret);

    // The same list from the dashboard session in test mode; the secret is never shown again.
    const listed = await server.api.get('/webhook-endpoints', { token: session.accessToken });
    expect(listed.body.data.endpoints).toEqual([endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect((await server.api.get(`/webhook-endpoints/${endpoint.id}`, { token: key })).body.data).toEqual(endpoint);

    const updated = await server.api.patch(`/webhook-endpoints/${endpoint.id}`, { enabledEvents: ['*', 'api_key.rolled'], disabled: true }, { token: key });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ enabledEvents: ['*'], disabled: true, description: 'Orders' });
    expect((await server.api.patch(`/webhook-endpoints/${endpoint.id}`, {}, { token: key })).status).toBe(400);

    const deleted = await server.api.delete(`/webhook-endpoints/${endpoint.id}`, { token: key });
    expect(deleted.status).toBe(200);
    expect((await server.api.get(`/webhook-endpoints/${endpoint.id}`, { token: key })).status).toBe(404);
    expect((await server.api.delete(`/webhook-endpoints/${endpoint.id}`, { token: key })).status).toBe(404);
    expect((await server.api.get('/webhook-endpoints', { token: key })).body.data.endpoints).toEqual([]);

    const events = (await server.api.get('/events', { token: key })).body.data.events as { type: string; data: { object: { id: string }; previousAttributes: unknown } }[];
    expect(events.slice(0, 3).map((e) => e.type)).toEqual(['webhook_endpoint.deleted', 'webhook_endpoint.updated', 'webhook_endpoint.created']);
    expect(events[1]!.data.previousAttributes).toEqual({ enabledEvents: ['webhook_endpoint.updated'], disabled: false });
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it("are seen only by their own company and mode", async () => {
    const owner = await merchant();
    const other = await merchant();
    const id = (await server.api.post('/webhook-endpoints', { url: receiver }, { token: owner.key })).body.data.id as string;
    for (const answer of [
      await server.api.get(`/webhook-endpoints/${id}`, { token: other.key }),
      await server.api.patch(`/webhook-endpoints/${id}`, { disabled: true }, { token: other.key }),
      await server.api.delete(`/webhook-endpoints/${id}`, { token: other.key }),
      await server.api.get('/webhook-endpoints/not-an-id', { token: owner.key }),
    ]) {
      expect(answer.body).toEqual({ isSuccessful: false, message: webhookMessages.notFound, data: { code: 'NOT_FOUND' } });
    }
    await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [owner.session.user.companyId]);
    const live = await server.api.get(`/webhook-endpoints/${id}`, { token: owner.session.accessToken, headers: { 'FiPay-Mode': 'live' } });
    expect(live.status).toBe(404);
    // A live endpoint must use https.
    const http = await server.api.post('/webhook-endpoints', { url: receiver }, { token: owner.session.accessToken, headers: { 'FiPay-Mode': 'live' } });
    expect(http).toMatchObject({ status: 400, body: { data: { errors: { url: webhookUrlMessages.httpsInLive } } } });
  });

  it('are at most 16 per mode, even when asked for together', async () => {
    const { key } = await merchant();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => server.api.post('/webhook-endpoints', { url: `${receiver}/${i}` }, { token: key })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(16);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(refused).toMatchObject({ status: 409, body: { message: webhookMessages.tooMany } });
  });

  it('refuse private, loopback and link-local addresses when the server does not allow them', async () => {
    const strict = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
    try {
      const { key } = await merchant(strict);
      for (const url of ['http://127.0.0.1:4999/hook', 'http://localhost/hook', 'http://10.0.0.8/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/hook',
        // IPv6 spellings of inside IPv4 addresses: compatible, translated, NAT64, 6to4, Teredo.
        'http://[::169.254.169.254]/latest/meta-data', 'http://[::ffff:0:127.0.0.1]:4999/hook', 'http://[64:ff9b::10.0.0.8]/hook', 'http://[2002:a9fe:a9fe::]/', 'http://[2001:0:808:808::80ff:fffe]/']) {
        const refused = await strict.api.post('/webhook-endpoints', { url }, { token: key });
        expect(refused, url).toMatchObject({ status: 400, body: { message: webhookUrlMessages.nonPublic, data: { errors: { url: webhookUrlMessages.nonPublic } } } });
      }
      expect((await strict.api.post('/webhook-endpoints', { url: 'https://102.89.1.1/hook' }, { token: key })).status).toBe(201);
      const id = (await strict.api.get('/webhook-endpoints', { token: key })).body.data.endpoints[0].id as string;
      expect((await strict.api.patch(`/webhook-endpoints/${id}`, { url: 'http://192.168.0.10/' }, { token: key })).status).toBe(400);
      expect((await strict.api.post('/webhook-endpoints', { url: 'ftp://102.89.1.1/' }, { token: key })).body.message).toBe(webhookUrlMessages.invalid);
      // Short enough as typed, too long once percent-encoded: refused as too long, on create and on change.
      const swelling = `https://102.89.1.1/${'<'.repeat(1_500)}`;
      expect(await strict.api.post('/webhook-endpoints', { url: swelling }, { token: key })).toMatchObject({ status: 400, body: { data: { errors: { url: webhookMessages.urlTooLong } } } });
      expect((await strict.api.patch(`/webhook-endpoints/${id}`, { url: swelling }, { token: key })).status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('Idempotency-Key on merchant POSTs', () => {
  it('answers a repeat with the first answer and the replay header, without a second effect', async () => {
    const { key } = await merchant();
    const headers = { 'Idempotency-Key': 'order-1001' };
    const first = await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await server.api.get('/webhook-endpoints', { token: key })).body.data.endpoints).toHaveLength(1);
    // The kept answer carries the signing secret, so it is kept encrypted.
    const secret = first.body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const kept = await server.db.query<{ response_body: string }>("SELECT response_body FROM idempotency_keys WHERE key = 'order-1001'");
    expect(kept.rows).toHaveLength(1);
    expect(kept.rows[0]!.response_body).not.toContain(secret);
    expect(kept.rows[0]!.response_body).not.toContain('whsec_');

    // Another request under the same key is refused; a new key is a new request.
    const other = await server.api.post('/webhook-endpoints', { url: `${receiver}/other` }, { token: key, headers });
    expect(other).toMatchObject({ status: 422, body: { message: idempotencyMessages.otherRequest, data: { code: 'UNPROCESSABLE' } } });
    expect((await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers: { 'Idempotency-Key': 'order-1002' } })).status).toBe(201);
  });

  it('keeps error answers too, and refuses a key that is too long or not visible text', async () => {
    const { key } = await merchant();
    const headers = { 'Idempotency-Key': 'bad-url-1' };
    const strictUrl = 'https://user:secret@example.ng/hook';
    const first = await server.api.post('/webhook-endpoints', { url: strictUrl }, { token: key, headers });
    expect(first.status).toBe(400);
    const again = await server.api.post('/webhook-endpoints', { url: strictUrl }, { token: key, headers });
    expect(again).toMatchObject({ status: 400, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    for (const bad of ['k'.repeat(256), 'has space']) {
      const refused = await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers: { 'Idempotency-Key': bad } });
      expect(refused).toMatchObject({ status: 400, body: { message: idempotencyMessages.keyInvalid } });
    }
    expect((await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers: { 'Idempotency-Key': 'k'.repeat(255) } })).status).toBe(201);
  });

  it('makes one object of 20 identical requests sent together; the others are told to wait or get the same answer', async () => {
    const { key, session } = await merchant();
    const headers = { 'Idempotency-Key': 'together' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers })));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of created) expect(a.body).toEqual(created[0]!.body);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a).toMatchObject({ status: 409, body: { message: idempotencyMessages.running } });
    expect((await server.api.get('/webhook-endpoints', { token: key })).body.data.endpoints).toHaveLength(1);

    // Keys belong to the company and mode: the dashboard session in test mode shares them with the test key.
    const replay = await server.api.post('/webhook-endpoints', { url: receiver }, { token: session.accessToken, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const stranger = await merchant();
    expect((await server.api.post('/webhook-endpoints', { url: receiver }, { token: stranger.key, headers })).headers.get('idempotent-replayed')).toBeNull();
  });

  it('lets a request try again after its claim was abandoned, and the clean-up forgets keys after 24 hours', async () => {
    const { key, session } = await merchant();
    await server.db.query(
      "INSERT INTO idempotency_keys (company_id, livemode, key, request_hash, status, created_at) VALUES ($1, false, 'stuck', 'x', 'running', now() - interval '2 minutes')",
      [session.user.companyId],
    );
    // Another request's claim: still refused as another request.
    expect((await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers: { 'Idempotency-Key': 'stuck' } })).status).toBe(422);

    // A process that died before its endpoint was committed: the claim is left running with no effect (what was
    // made is rolled back, as the endpoint removed here), and the retry makes the endpoint.
    const headers = { 'Idempotency-Key': 'resumed' };
    const lost = await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers });
    await server.db.query('DELETE FROM events WHERE company_id = $1', [session.user.companyId]);
    await server.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [lost.body.data.id]);
    await server.db.query(
      "UPDATE idempotency_keys SET status = 'running', response_status = NULL, response_body = NULL, effect_type = NULL, effect_id = NULL, created_at = now() - interval '2 minutes' WHERE key = 'resumed'",
    );
    const made = await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers });
    expect(made.status).toBe(201);
    expect(made.headers.get('idempotent-replayed')).toBeNull();
    expect(made.body.data.id).not.toBe(lost.body.data.id);
    // A process that died after making it, before its answer was kept: the retry answers with that endpoint and its secret.
    await server.db.query("UPDATE idempotency_keys SET status = 'running', response_status = NULL, response_body = NULL, created_at = now() - interval '2 minutes' WHERE key = 'resumed'");
    const retried = await server.api.post('/webhook-endpoints', { url: receiver }, { token: key, headers });
    expect(retried.status).toBe(201);
    expect(retried.body.data).toMatchObject({ id: made.body.data.id, secret: made.body.data.secret });
    expect((await server.api.get('/webhook-endpoints', { token: key })).body.data.endpoints).toHaveLength(1);
    // Rolling the secret likewise happens once.
    const rollHeaders = { 'Idempotency-Key': 'roll-once' };
    const rolled = await server.api.post(`/webhook-endpoints/${made.body.data.id}/roll-secret`, { expiresIn: '1h' }, { token: key, headers: rollHeaders });
    expect(rolled.status).toBe(200);
    await server.db.query("UPDATE idempotency_keys SET status = 'running', response_status = NULL, response_body = NULL, created_at = now() - interval '2 minutes' WHERE key = 'roll-once'");
    const rolledAgain = await server.api.post(`/webhook-endpoints/${made.body.data.id}/roll-secret`, { expiresIn: '1h' }, { token: key, headers: rollHeaders });
    expect(rolledAgain.body.data.secret).toBe(rolled.body.data.secret);
    const { rows: secrets } = await server.db.query<{ previous_secret_ciphertext: string | null }>('SELECT previous_secret_ciphertext FROM webhook_endpoints WHERE id = $1', [
      made.body.data.id,
    ]);
    // The secret before the roll is still the previous one: a second roll would have made the first rolled secret previous.
    expect(secrets[0]!.previous_secret_ciphertext).not.toBeNull();
    expect((await server.api.post(`/webhook-endpoints/${made.body.data.id}/roll-secret`, { expiresIn: '1h' }, { token: key })).body.data.secret).not.toBe(rolled.body.data.secret);

    await server.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE company_id = $1", [session.user.companyId]);
    const counts = await server.db.transaction((tx) => cleanUpExpired(tx));
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(2);
    const { rows } = await server.db.query('SELECT key FROM idempotency_keys WHERE company_id = $1', [session.user.companyId]);
    expect(rows).toEqual([]);
  });
});
