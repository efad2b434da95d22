import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import { mailLog } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Every message is written to the mail log, whether or not an SMTP server is configured. */
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** Without SMTP_URL mail is recorded, not sent (spec README): the demo and the tests read the log. */
export function createMailer(db: Db, opts: { smtpUrl?: string | undefined; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(msg) {
      let status: 'Recorded' | 'Sent' | 'Failed' = 'Recorded';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, to: msg.to, subject: msg.subject, text: msg.text });
          status = 'Sent';
        } catch (err) {
          status = 'Failed';
          error = (err as Error).message;
        }
      }
      await db.insert(mailLog).values({ to: msg.to, subject: msg.subject, body: msg.text, status, error });
    },
  };
}
