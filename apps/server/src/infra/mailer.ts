import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Every message is written to the mail log, whether or not an SMTP server is configured. */
export interface Mailer {
  /** Answers how it went, as written in the log: Recorded (no SMTP_URL), Sent or Failed. */
  send(msg: MailMessage): Promise<MailLogEntry['status']>;
  /**
   * Sends without holding the caller on the SMTP server: answers once the message is recorded (no
   * SMTP_URL) or handed to the sending in the background (its outcome is logged as with send). For
   * answers whose time must not tell whether a mail went out (password recovery, decision 024).
   */
  post(msg: MailMessage): Promise<void>;
}

/** A line of the mail log (written by the mail-log repository's insertMailLog). */
export interface MailLogEntry {
  to: string;
  subject: string;
  body: string;
  status: 'Recorded' | 'Sent' | 'Failed';
  error: string | null;
}

/**
 * Without SMTP_URL mail is recorded, not sent (spec README): the demo and the tests read the log.
 * nodemailer loads with the first message sent, not at boot.
 */
export function createMailer(
  log: (entry: MailLogEntry) => Promise<void>,
  opts: { smtpUrl?: string | undefined; from: string; onError?: (err: unknown) => void },
): Mailer {
  const smtpUrl = opts.smtpUrl;
  let transport: Promise<Transporter> | null = null;
  const transportOf = (url: string) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return transport;
  };
  const mailer: Mailer = {
    async post(msg) {
      if (!smtpUrl) {
        await mailer.send(msg);
        return;
      }
      void mailer.send(msg).catch((err: unknown) => opts.onError?.(err));
    },
    async send(msg) {
      let status: MailLogEntry['status'] = 'Recorded';
      let error: string | null = null;
      if (smtpUrl) {
        try {
          await (await transportOf(smtpUrl)).sendMail({
            from: opts.from,
            to: msg.to,
            subject: msg.subject,
            text: msg.text,
          });
          status = 'Sent';
        } catch (err) {
          status = 'Failed';
          error = (err as Error).message;
        }
      }
      await log({ to: msg.to, subject: msg.subject, body: msg.text, status, error });
      return status;
    },
  };
  return mailer;
}
