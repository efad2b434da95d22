/** A text message to one mobile number. */
export interface SmsMessage {
  to: string;
  text: string;
}

/** A line of the SMS log (written by the logs repository's insertSmsLog). */
export interface SmsLogEntry {
  to: string;
  text: string;
  status: 'Recorded' | 'Sent' | 'Failed';
  error: string | null;
}

/** The gateway that delivers a text; none is configured in this assembly. */
export interface SmsProvider {
  deliver(msg: SmsMessage): Promise<void>;
}

/** Sends text messages. Every message is written to the SMS log, whether or not a provider is configured. */
export interface SmsSender {
  /** Answers how it went, as written in the log. */
  send(msg: SmsMessage): Promise<SmsLogEntry['status']>;
}

/**
 * Without a provider a text is recorded, not sent (like mail without SMTP_URL): the Admin reads it in
 * the SMS log. With one, a delivery that throws is logged Failed and answered so, for the task to retry.
 */
export function createSmsSender(
  log: (entry: SmsLogEntry) => Promise<void>,
  provider: SmsProvider | null = null,
): SmsSender {
  return {
    async send(msg) {
      let status: SmsLogEntry['status'] = 'Recorded';
      let error: string | null = null;
      if (provider) {
        try {
          await provider.deliver(msg);
          status = 'Sent';
        } catch (err) {
          status = 'Failed';
          error = (err as Error).message;
        }
      }
      await log({ to: msg.to, text: msg.text, status, error });
      return status;
    },
  };
}
