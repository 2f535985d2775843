import { mkdir, rename as renameCallback, writeFile as writeFileCallback } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { FastifyBaseLogger } from 'fastify';
import { randomToken } from '../lib/crypto';

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transporter.sendMail({ from, ...email });
    },
    close: () => transporter.close(),
  };
}

// The callback forms: for a small file they cost the process about a fifth as much CPU as `fs/promises`' (whose
// FileHandle a writeFile opens, writes through and closes), and every payment, refund and transfer writes a notice.
const writeFile = promisify(writeFileCallback);
const rename = promisify(renameCallback);
const makeFolder = promisify(mkdir);

/**
 * With no SMTP server configured, each message is written as an .eml file a
 * developer can open, and its link is logged so sign-up works out of the box.
 * The message is composed by nodemailer's MailComposer, which its stream transport composes with; called alone it
 * skips the transport's plugin pipeline (data-URL images, DKIM, none of which a file needs), half the CPU of sendMail.
 */
export function createFileTransport(dir: string, from: string, log: FastifyBaseLogger, logLinks = true): MailTransport {
  // The folder is made once, not for every message (a payment's notices are messages too); made again only when
  // someone removed it while the server ran.
  let made: Promise<unknown> | undefined;
  const makeDir = () => (made ??= makeFolder(dir, { recursive: true }).catch((error: unknown) => {
    made = undefined;
    throw error;
  }));
  return {
    async send(email) {
      const message = await new MailComposer({ from, ...email, newline: 'unix' }).compile().build();
      await makeDir();
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`;
      const file = path.join(dir, name);
      // Written beside the folder, then renamed in: whoever watches the folder never sees half a message.
      const partial = path.join(path.dirname(dir), `.${name}.partial`);
      const write = async () => {
        await writeFile(partial, message);
        await rename(partial, file);
      };
      try {
        await write();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        made = undefined;
        await makeDir();
        await write();
      }
      // Links are single-use credentials: in production they stay in the file, never in the log.
      const link = logLinks ? email.text.match(/https?:\/\/\S+/)?.[0] : undefined;
      log.info({ file, to: email.to, subject: email.subject }, `Email written to file${link ? `; link: ${link}` : ''}`);
    },
    close: () => undefined,
  };
}
