/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer's SMTP transport; without it they
 * land in the server log as a development outbox, so a developer (or a test) can read the code
 * without a mail server. The outbox is loud about being one, and warns once in production.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_CODE } from '../../src/domain/account';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Fields worth a log line of their own in the development outbox (the code). */
  outbox?: Record<string, string | number>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log' | 'off';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The log line's `msg`, so a developer can grep the outbox: `grep DEV-OUTBOX`. */
export const OUTBOX_LOG_MESSAGE = 'DEV-OUTBOX: e-mail not sent (SMTP_URL is unset), written here instead';

export function createMailer(mail: Config['mail'], log: FastifyBaseLogger, production = false): Mailer {
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
      async send({ to, subject, outbox }) {
        log.info({ outbox: true, to, subject, ...outbox }, OUTBOX_LOG_MESSAGE);
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
    outbox: { code, expiresInMinutes: minutes },
  };
}
