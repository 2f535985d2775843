import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
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

/**
 * With no SMTP server configured, each message is written as an .eml file a
 * developer can open, and its link is logged so sign-up works out of the box.
 */
export function createFileTransport(dir: string, from: string, log: FastifyBaseLogger, logLinks = true): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made once, not for every message (a payment's notices are messages too); made again only when
  // someone removed it while the server ran.
  let made: Promise<unknown> | undefined;
  const makeDir = () => (made ??= mkdir(dir, { recursive: true }).catch((error: unknown) => {
    made = undefined;
    throw error;
  }));
  return {
    async send(email) {
      const info = await transporter.sendMail({ from, ...email });
      await makeDir();
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`;
      const file = path.join(dir, name);
      // Written beside the folder, then renamed in: whoever watches the folder never sees half a message.
      const partial = path.join(path.dirname(dir), `.${name}.partial`);
      const write = async () => {
        await writeFile(partial, info.message as Buffer);
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
    close: () => transporter.close(),
  };
}
