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
      const raw = readFileSync(path.join(mailDir, file));
      // Parsed only when the address is in it: by the later cases the folder holds thousands of receipts and refund
      // notices, and parsing each of them for every sign-up took minutes.
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      const href = mail.text?.match(/https?:\/\/\S+verify-email\S*/)?.[0];
      if (JSON.stringify(mail.to ?? '').includes(to) && href) return new URL(href);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification email to ${to}`);
}
