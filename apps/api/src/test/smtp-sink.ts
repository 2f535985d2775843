import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string; html: string };

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const mail = { to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' };
          received.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /**
     * The next message to this address (or one already received and not yet taken). The default bound only matters
     * when no mail comes: on a loaded two-core machine the outbox can take several seconds to send one.
     */
    waitFor(to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
      const match = (m: ReceivedMail) => m.to.toLowerCase().includes(to.toLowerCase());
      const index = received.findIndex(match);
      if (index !== -1) return Promise.resolve(received.splice(index, 1)[0]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No email to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            received.splice(received.indexOf(m), 1);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function linkIn(mail: ReceivedMail): URL {
  const found = mail.text.match(/https?:\/\/\S+/);
  if (!found) throw new Error(`No link in email "${mail.subject}"`);
  return new URL(found[0]);
}
