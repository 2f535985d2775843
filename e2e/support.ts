import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { base32Decode, totp } from '../apps/api/src/lib/totp';
import { e2eDataDir } from '../playwright.config';

const mailDir = path.join(e2eDataDir, 'mail');

export type Mail = { file: string; writtenAt: number; to: string; subject: string; text: string };

// The outbox renames each message into the folder once it is complete, so a listed file never changes.
const parsed = new Map<string, Mail>();

/** Every email the outbox has written to the data folder (another server's `dir`) so far, newest first. */
export async function mails(dir = mailDir): Promise<Mail[]> {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of files) {
    const file = path.join(dir, name);
    if (parsed.has(file)) continue;
    const message = await simpleParser(readFileSync(file));
    parsed.set(file, {
      file,
      writtenAt: statSync(file).mtimeMs,
      to: JSON.stringify(message.to ?? ''),
      subject: message.subject ?? '',
      text: message.text ?? '',
    });
  }
  return files.map((name) => parsed.get(path.join(dir, name))!).sort((a, b) => b.writtenAt - a.writtenAt);
}

/** Waits for the newest email that `match` accepts and returns what `pick` takes from it. */
export async function waitForMail<T>(description: string, pick: (mail: Mail) => T | undefined, dir = mailDir): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mails(dir)) {
          found = pick(mail);
          if (found !== undefined) return true;
        }
        return false;
      },
      { timeout: 15_000, message: description },
    )
    .toBe(true);
  return found!;
}

/** The newest email to this address that the outbox wrote to the data folder. */
export async function readMail(to: string, subject: string, dir = mailDir): Promise<{ text: string; link: URL }> {
  return waitForMail(
    `email "${subject}" to ${to}`,
    (mail) => {
      if (!mail.to.includes(to) || mail.subject !== subject) return undefined;
      const href = mail.text.match(/https?:\/\/\S+/)?.[0];
      return href ? { text: mail.text, link: new URL(href) } : undefined;
    },
    dir,
  );
}

const CODE_SUBJECT = 'Your FiPay verification code';

/** The 6-digit code in the newest verification-code email to this address written since `since` (ms). */
export async function emailedCode(to: string, since: number): Promise<string> {
  return waitForMail(`"${CODE_SUBJECT}" to ${to}`, (mail) =>
    mail.writtenAt >= since && mail.to.includes(to) && mail.subject === CODE_SUBJECT ? mail.text.match(/Your code: (\d{6})/)?.[1] : undefined,
  );
}

let sequence = 0;
export function newAccount() {
  sequence += 1;
  // Two workers run at once: their own digit keeps their phone numbers apart, the process id their emails.
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
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
      phone: `070${worker}${String((Date.now() + sequence) % 1e7).padStart(7, '0')}`,
      password: 'Plantain & Pepper 9',
    },
  };
}

export type Account = ReturnType<typeof newAccount>;

/** Creates and verifies an account through the API, as the web app would (`mailFolder`: another server's outbox). */
export async function createVerifiedAccount(request: APIRequestContext, mailFolder = mailDir): Promise<Account> {
  const account = newAccount();
  const signup = await request.post('/api/v1/auth/signup', { data: { ...account, company: { ...account.company, countryId: 160 } } });
  expect(signup.status(), await signup.text()).toBe(201);
  const { link } = await readMail(account.user.email, 'Verify your email address', mailFolder);
  const verify = await request.get(`/api/v1/auth/verify-email?token=${link.searchParams.get('token')}`);
  expect(verify.status()).toBe(200);
  return account;
}

/**
 * The authenticator code for now, or `offsetSteps` periods away. Each code works once per
 * account, and the server accepts one step either side: right after a code of this step was
 * spent, the next step's code (offset 1) is the one that works, with no waiting.
 */
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

/**
 * Waits until the screen is drawn as a reader would see it: its main heading is shown (each
 * route's code loads on demand), the web fonts are in and every eagerly loaded image has decoded.
 */
export async function whenDrawn(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
    const eager = Array.from(document.images).filter((img) => img.loading !== 'lazy');
    await Promise.all(eager.map((img) => img.decode().catch(() => undefined)));
  });
}

/**
 * Full-page screenshots of the screen as it is now at desktop (1280 px) and phone (375 px) width,
 * `${dir}/1280_${name}.png` and `${dir}/375_${name}.png`, failing on sideways scrolling at phone
 * width; the page is left at the width it had.
 */
export async function shotsAtBothWidths(page: Page, dir: string, name: string) {
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `sideways scrolling at ${width} px on ${name}`).toBeLessThanOrEqual(width + 1);
    await page.screenshot({ path: `${dir}/${width}_${name}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}
