import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** The verification link of a mail to `to` in the product's outbox folder, waited for up to 30 s. */
export async function verifyLink(mailDir: string, to: string): Promise<URL> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir);
    } catch {
      // The outbox has not written its first mail yet.
    }
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
      const href = mail.text?.match(/https?:\/\/\S+verify-email\S*/)?.[0];
      if (JSON.stringify(mail.to ?? '').includes(to) && href) return new URL(href);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification email to ${to}`);
}
