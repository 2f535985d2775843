import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { base32Decode, totp } from '../apps/api/src/lib/totp';

const mailDir = path.join('.tmp/e2e-data', 'mail');

/** The newest email to this address that the outbox wrote to the data folder. */
export async function readMail(to: string, subject: string): Promise<{ text: string; link: URL }> {
  let found: { text: string; link: URL } | undefined;
  await expect
    .poll(async () => {
      let files: string[];
      try {
        files = readdirSync(mailDir).map((f) => path.join(mailDir, f));
      } catch {
        return false;
      }
      files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
      for (const file of files) {
        const parsed = await simpleParser(readFileSync(file));
        const recipients = JSON.stringify(parsed.to ?? '');
        if (recipients.includes(to) && parsed.subject === subject && parsed.text) {
          const href = parsed.text.match(/https?:\/\/\S+/)?.[0];
          if (href) {
            found = { text: parsed.text, link: new URL(href) };
            return true;
          }
        }
      }
      return false;
    }, { timeout: 15_000, message: `email "${subject}" to ${to}` })
    .toBe(true);
  return found!;
}

let sequence = 0;
export function newAccount() {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    company: {
      name: `Adebayo Foods ${tag}`,
      email: `accounts-${tag}@adebayofoods.ng`,
      phone: '+234 1 555 0100',
      website: 'https://adebayofoods.ng',
      address: '3 Broad Street, Lagos Island, Lagos',
      registrationNo: 'RC7654321',
    },
    user: {
      firstName: 'Tolu',
      lastName: 'Adebayo',
      email: `tolu-${tag}@adebayofoods.ng`,
      phone: `070${String(Date.now() % 1e8).padStart(8, '0')}`,
      password: 'Plantain & Pepper 9',
    },
  };
}

/** Creates and verifies an account through the API, as the web app would. */
export async function createVerifiedAccount(request: APIRequestContext) {
  const account = newAccount();
  const signup = await request.post('/api/v1/auth/signup', { data: { ...account, company: { ...account.company, countryId: 160 } } });
  expect(signup.status()).toBe(201);
  const { link } = await readMail(account.user.email, 'Verify your email address');
  const verify = await request.get(`/api/v1/auth/verify-email?token=${link.searchParams.get('token')}`);
  expect(verify.status()).toBe(200);
  return account;
}

export function totpNow(secret: string, offsetSteps = 0): string {
  return totp(base32Decode(secret), Math.floor(Date.now() / 1000) + offsetSteps * 30);
}

/** Fails the test if the page breaks the Content-Security-Policy or logs an error. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
