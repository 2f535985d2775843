import { companySession, expect, test } from './fixtures';
import { totpNow, watchConsole } from './support';

test('with an authenticator enabled through the API, sign-in asks for the code and accepts it', async ({ page, request, account }) => {
  const problems = watchConsole(page);
  const credentials = { email: account.user.email, password: account.user.password };

  const { headers: auth } = await companySession(request, account);
  const setup = await (await request.post('/api/v1/auth/2fa/setup', { headers: auth })).json();
  const secret: string = setup.data.secret;
  const enable = await request.post('/api/v1/auth/2fa/enable', { headers: auth, data: { otp: totpNow(secret) } });
  expect(enable.status()).toBe(200);

  // Each verify-otp the page sends, with initiate's proof that the password checked (ADR 0057) and the answer.
  const verifyCalls: { proof: unknown; status: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/auth/login/verify-otp')) {
      verifyCalls.push({ proof: response.request().postDataJSON()?.passwordProof, status: response.status() });
    }
  });

  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(credentials.email);
  await page.getByPlaceholder('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expect(page.getByText('Check your authenticator app for the 6-digit code')).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify & Sign In' });
  await expect(verify).toBeDisabled();

  // A wrong code is refused with the server's message and the user stays on the stage.
  const accepted = [-1, 0, 1, 2].map((steps) => totpNow(secret, steps));
  const wrong = ['000000', '111111', '222222', '333333', '444444'].find((code) => !accepted.includes(code))!;
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(wrong);
  await verify.click();
  await expect(page.getByText('Invalid or expired code.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Backspace clears boxes one by one; then the right code signs in.
  await page.getByLabel('Digit 6 of 6').focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Digit 1 of 6')).toHaveValue('');
  await page.getByLabel('Digit 1 of 6').focus();
  // The next step's code: confirming the authenticator spent this step's.
  await page.keyboard.type(totpNow(secret, 1));
  await verify.click();

  // The toast shows as the code is accepted and lasts seconds: looked for first, then the dashboard, which a busy
  // machine may take longer than that to open.
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The wrong code did not spend the proof: the right one signed in with it, without the password being hashed again.
  expect(verifyCalls).toEqual([
    { proof: expect.stringMatching(/^[0-9a-f-]{36}\.[\w-]{43}$/), status: 401 },
    { proof: verifyCalls[0]?.proof, status: 200 },
  ]);
  expect(problems).toEqual([]);
});
