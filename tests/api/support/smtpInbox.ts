/**
 * A real SMTP server on a free local port (smtp-server) that keeps what it receives, so tests read
 * the mail the app really sent: `SMTP_URL=inbox.url`. Plain SMTP without STARTTLS or auth, as a
 * development relay would be.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Decoded (RFC 2047) subject. */
  subject: string;
  /** The raw message, headers and body as sent. */
  raw: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `to` not yet returned by this function (waits for it). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words; the blanks between two encoded words vanish. */
export const decodeHeader = (value: string): string =>
  value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1].trim() ?? '';
  const qp = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  const b64 = /base64/i.test(header('Content-Transfer-Encoding'));
  const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { from, to, subject: decodeHeader(header('Subject')), raw, text };
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = session.envelope;
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), envelope.mailFrom ? envelope.mailFrom.address : '', envelope.rcptTo.map((r) => r.address)));
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 10_000) {
      const find = () => mails.find((m) => !taken.has(m) && m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
      const deadline = Date.now() + timeoutMs;
      for (let mail = find(); ; mail = find()) {
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms (got ${mails.length} in all)`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
