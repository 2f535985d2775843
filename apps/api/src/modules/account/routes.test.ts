import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET account/me', () => {
  it('needs a bearer token', async () => {
    expect((await server.api.get('/account/me')).status).toBe(401);
  });

  it("answers with the caller's own user, company, KYB status and security settings", async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const stranger = await login(server, await createVerifiedUser(server));

    const res = await server.api.get('/account/me', { token: session.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.accountLoaded);
    const { company, user: me, kyb, security } = res.body.data;
    expect(me).toEqual({
      id: session.user.id,
      firstName: user.body.user.firstName,
      lastName: user.body.user.lastName,
      email: user.email,
      phone: expect.stringMatching(/^\+234/),
      emailVerifiedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(company).toEqual({
      id: session.user.companyId,
      name: user.body.company.name,
      email: user.body.company.email,
      phone: '+23412345678',
      website: user.body.company.website,
      country: { id: 160, name: 'Nigeria' },
      address: user.body.company.address,
      registrationNo: user.body.company.registrationNo,
      createdAt: expect.any(String),
    });
    expect(kyb).toEqual({ status: expect.toBeOneOf([null, 'IN_PROGRESS']), currentStep: 1, submittedAt: null, rejectionFinal: false });
    expect(security).toEqual({ twoFactorMethod: null, passwordChangedAt: null });

    const theirs = await server.api.get('/account/me', { token: stranger.accessToken });
    expect(theirs.body.data.user.id).toBe(stranger.user.id);
    expect(theirs.body.data.company.id).not.toBe(session.user.companyId);
  });
});
