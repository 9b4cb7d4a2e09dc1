/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer's SMTP transport; without it they
 * are written as files to a development outbox (DATA_DIR/outbox), so a developer (or a test) can read
 * the code without a mail server. The log gets one line naming the file, never the code or the
 * message: logs are shipped and kept where a recovery code must not be.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';
import { AUTH_CODE } from '../../src/domain/account';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log' | 'off';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The log line's `msg`, so a developer can find the outbox: `grep DEV-OUTBOX`. */
export const OUTBOX_LOG_MESSAGE = 'DEV-OUTBOX: e-mail not sent (SMTP_URL is unset), written to the outbox file instead';

/** Where the development outbox writes: a directory only the server's user can read. */
export const outboxDirOf = (dataDir: string): string => join(dataDir, 'outbox');

let outboxSequence = 0;

/** One message as a file: the headers a mail client would show, a blank line, the text. */
async function writeOutboxFile(dir: string, { to, subject, text }: MailMessage): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++outboxSequence}.txt`;
  const path = join(dir, name);
  await writeFile(path, `To: ${to}\nSubject: ${subject}\n\n${text}\n`, { mode: 0o600 });
  return path;
}

export function createMailer(mail: Config['mail'], log: Logger, production: boolean, outboxDir: string): Mailer {
  if (mail.disabled) {
    // MAIL_DISABLED: the callers refuse before they get here; a message that slips through is dropped, never logged.
    return {
      kind: 'off',
      async send() {
        throw new Error('Password recovery is disabled: no mail transport is configured');
      },
      close() {},
    };
  }
  if (!mail.smtpUrl) {
    // loadConfig refuses production without SMTP_URL or MAIL_DISABLED: a code must never reach a production log.
    if (production) throw new Error('A production server needs SMTP_URL (or MAIL_DISABLED=true)');
    return {
      kind: 'log',
      async send(message) {
        const file = await writeOutboxFile(outboxDir, message);
        log.info({ outbox: true, to: message.to, file }, OUTBOX_LOG_MESSAGE);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    kind: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from: mail.from, to, subject, text });
    },
    close() {
      transport.close();
    },
  };
}

/** The verification-code e-mail, in Portuguese: the code in the subject so it shows in the inbox list. */
export function authCodeMessage(to: string, code: string, name: string): MailMessage {
  const minutes = Math.round(AUTH_CODE.ttlMs / 60_000);
  return {
    to,
    subject: `Seu código de verificação Repasse: ${code}`,
    text: [
      `Olá, ${name}.`,
      '',
      `Seu código de verificação é ${code}.`,
      `Ele vale por ${minutes} minutos e pode ser usado uma única vez.`,
      '',
      'Se você não pediu para trocar sua senha, ignore este e-mail: sua senha atual continua valendo.',
    ].join('\n'),
  };
}
