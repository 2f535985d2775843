import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/server';
import { linkIn } from '../test/smtp-sink';
import { enqueueEmail, retryDelaySeconds } from './outbox';

describe('outbox delivery over SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('delivers the verification email over real SMTP and its link verifies the account', async () => {
    const body = signupBody();
    await server.api.post('/auth/signup', body);
    const mail = await server.mail.waitFor(body.user.email);
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.html).toContain('Verify email');
    const link = linkIn(mail);
    const res = await server.api.get(`/auth/verify-email?${link.searchParams.toString()}`);
    expect(res.status).toBe(200);
    // The row is marked sent (and its single-use link forgotten) once the SMTP server has accepted the
    // message, a moment after the message arrived.
    await expect.poll(async () => {
      const { rows } = await server.db.query<{ sent: boolean; body_text: string | null }>(
        'SELECT sent_at IS NOT NULL AS sent, body_text FROM outbox_emails WHERE recipient = $1',
        [body.user.email],
      );
      return rows[0];
    }, { timeout: 10_000 }).toEqual({ sent: true, body_text: null });
  });

  it('sends account mail before notices waiting with it: a sign-in code does not wait behind a day of receipts', async () => {
    const notices = 'notices@shop.ng';
    // All queued at once, the sign-in code last: it is sent first.
    await server.db.transaction(async (tx) => {
      for (let i = 0; i < 45; i++) await enqueueEmail(tx, 'payment_receipt', { to: notices, subject: `Receipt ${i}`, text: 'Paid.', html: '<p>Paid.</p>' });
      await enqueueEmail(tx, 'email_code', { to: 'code@account.ng', subject: 'Your FiPay verification code', text: '123456', html: '<p>123456</p>' });
    });
    await server.mail.waitFor('code@account.ng', 30_000);
    expect(server.mail.received.filter((mail) => mail.to === notices)).toEqual([]);
    for (let i = 0; i < 45; i++) await server.mail.waitFor(notices, 30_000);
  });

  it('keeps email queued while the SMTP server is down and delivers it when it is back', async () => {
    // The SMTP server is down: its port drops every connection. Holding the port (instead of closing it and
    // hoping it stays free) keeps another test running alongside from taking it before the server comes back.
    const down = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const { port } = down.address() as AddressInfo;
    const flaky = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } }).catch(async (error: unknown) => {
      down.close();
      throw error;
    });
    try {
      const body = signupBody();
      expect((await flaky.api.post('/auth/signup', body)).status).toBe(201);
      await expect.poll(async () => {
        const { rows } = await flaky.db.query<{ attempts: number; last_error: string | null }>('SELECT attempts, last_error FROM outbox_emails');
        return rows[0]?.last_error ?? null;
      }, { timeout: 30_000 }).not.toBeNull();
      const { rows } = await flaky.db.query<{ sent_at: Date | null; wait: number }>(
        'SELECT sent_at, extract(epoch FROM next_attempt_at - now())::int AS wait FROM outbox_emails',
      );
      expect(rows[0]!.sent_at).toBeNull();
      expect(rows[0]!.wait).toBeGreaterThan(0);

      const revived = await (async () => {
        const { SMTPServer } = await import('smtp-server');
        const received: string[] = [];
        const smtp = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS', 'AUTH'],
          logger: false,
          onData(stream, session, callback) {
            received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
            stream.resume();
            stream.on('end', () => callback());
          },
        });
        await new Promise<void>((resolve) => down.close(() => resolve()));
        await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
        return { smtp, received };
      })();
      try {
        // Bring the retry forward instead of waiting out the back-off.
        await flaky.db.query('UPDATE outbox_emails SET next_attempt_at = now()');
        flaky.app.outbox.kick();
        await expect.poll(() => revived.received, { timeout: 30_000 }).toContain(body.user.email);
        // Marked sent a moment after the message arrived, as in the test above.
        await expect.poll(async () => {
          const { rows } = await flaky.db.query<{ sent_at: Date | null }>('SELECT sent_at FROM outbox_emails');
          return rows[0]?.sent_at ?? null;
        }, { timeout: 10_000 }).not.toBeNull();
      } finally {
        await new Promise<void>((resolve) => revived.smtp.close(() => resolve()));
      }
    } finally {
      down.close();
      await flaky.close();
    }
  }, 90_000);

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});

describe('without SMTP_URL', () => {
  it('writes each email as an .eml file in DATA_DIR/mail and logs its link', async () => {
    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk) => (logged += chunk));
    const fileServer = await startTestServer({ env: { SMTP_URL: '', LOG_LEVEL: 'info' }, logStream: log });
    try {
      const body = signupBody();
      await fileServer.api.post('/auth/signup', body);
      const dir = path.join(fileServer.dataDir, 'mail');
      await expect.poll(() => { try { return readdirSync(dir).length; } catch { return 0; } }, { timeout: 10_000 }).toBe(1);
      const eml = readFileSync(path.join(dir, readdirSync(dir)[0]!), 'utf8');
      expect(eml).toMatch(/^Subject: Verify your email address$/m);
      expect(eml).toContain(`To: ${body.user.email}`);
      const token = eml.match(/token=3D([A-Za-z0-9_=\r\n-]+)/)?.[1];
      expect(token).toBeTruthy();
      expect(logged).toMatch(/Email written to file; link: http:\/\/app\.test\/verify-email\?token=[A-Za-z0-9_-]{40,}/);
    } finally {
      await fileServer.close();
    }
  });

  it('keeps single-use links out of the log in production', async () => {
    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk) => (logged += chunk));
    const production = await startTestServer({ env: { SMTP_URL: '', LOG_LEVEL: 'info', NODE_ENV: 'production' }, logStream: log });
    try {
      const body = signupBody();
      await production.api.post('/auth/signup', body);
      const dir = path.join(production.dataDir, 'mail');
      await expect.poll(() => { try { return readdirSync(dir).length; } catch { return 0; } }, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => logged, { timeout: 5_000 }).toContain('Email written to file');
      expect(logged).not.toContain('token=');
    } finally {
      await production.close();
    }
  });
});

