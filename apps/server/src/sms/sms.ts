import fs from 'node:fs/promises';
import path from 'node:path';
import type twilio from 'twilio';
import { twilioSettings } from './sms-url.ts';

/**
 * One text message to a customer's phone (ten digits, as customers are kept): an SMS, or a WhatsApp
 * message (B19, ADR 0082) through the same provider from the business's WhatsApp sender.
 */
export type SmsMessage = { to: string; text: string; channel?: 'SMS' | 'WHATSAPP' };

export interface SmsSender {
  /** Whether it can send WhatsApp messages: the outbox can, Twilio once SMS_URL names a WhatsApp sender. */
  readonly whatsapp: boolean;
  /** Sends the message; throws when it could not be handed over (and logs why). */
  send(message: SmsMessage): Promise<void>;
}

type SmsLog = {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type SmsOptions = {
  /** Where texts go: `twilio://…` (see twilioSettings), or unset for the outbox under `DATA_DIR` (ADR 0038). */
  smsUrl: string | undefined;
  dataDir: string;
  log: SmsLog;
  /** Tests hand Twilio's client a fake of its HTTP client; production leaves it to the library. */
  twilioHttpClient?: NonNullable<Parameters<typeof twilio>[2]>['httpClient'];
};

/** The number in the international form providers take: customers are kept as ten Indian digits. */
export const internationalNumber = (phone: string) => (phone.startsWith('+') ? phone : `+91${phone}`);

/**
 * Without a provider, each text is a file `DATA_DIR/outbox/<time>-<phone>.sms`
 * holding the number and the text, and the text is logged: a developer, a
 * test or a demo reads the sign-in code there.
 */
function outboxSender(dataDir: string, log: SmsLog): SmsSender {
  const outbox = path.join(dataDir, 'outbox');
  return {
    whatsapp: true,
    async send(message) {
      await fs.mkdir(outbox, { recursive: true });
      const body = `To: ${internationalNumber(message.to)}\n\n${message.text}\n`;
      // `<time>-<phone>.sms` (a WhatsApp message `.whatsapp`), never overwriting: a second text to
      // the phone in the same millisecond takes the next millisecond's name.
      const extension = message.channel === 'WHATSAPP' ? 'whatsapp' : 'sms';
      for (let at = Date.now(); ; at++) {
        const file = path.join(
          outbox,
          `${new Date(at).toISOString().replace(/[:.]/g, '-')}-${message.to}.${extension}`,
        );
        try {
          await fs.writeFile(file, body, { flag: 'wx' });
          log.info(
            { to: message.to, file },
            `${message.channel === 'WHATSAPP' ? 'WhatsApp message' : 'SMS'} written to the outbox: ${message.text}`,
          );
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
    },
  };
}

/** Texts through Twilio's Messages API, with Twilio's own client. */
function twilioSender(smsUrl: string, log: SmsLog, httpClient: SmsOptions['twilioHttpClient']): SmsSender {
  const settings = twilioSettings(smsUrl);
  if (typeof settings === 'string') throw new Error(`SMS_URL ${settings}`);
  // Loaded only where configured: the library is large, and most installs use the outbox.
  const client = import('twilio').then(({ default: makeClient }) =>
    makeClient(settings.accountSid, settings.authToken, httpClient ? { httpClient } : {}),
  );
  return {
    whatsapp: settings.whatsappFrom !== null,
    async send(message) {
      try {
        if (message.channel === 'WHATSAPP') {
          // Twilio's WhatsApp sender: the same Messages API, both numbers under `whatsapp:`.
          if (!settings.whatsappFrom) throw new Error('no WhatsApp sender is set up (SMS_URL whatsappFrom=)');
          await (
            await client
          ).messages.create({
            to: `whatsapp:${internationalNumber(message.to)}`,
            from: `whatsapp:${settings.whatsappFrom}`,
            body: message.text,
          });
          return;
        }
        await (
          await client
        ).messages.create({
          to: internationalNumber(message.to),
          body: message.text,
          ...(settings.messagingServiceSid
            ? { messagingServiceSid: settings.messagingServiceSid }
            : { from: settings.from! }),
        });
      } catch (error) {
        log.error({ to: message.to, err: error }, 'The SMS provider refused or did not take the text');
        throw error;
      }
    },
  };
}

/** The server's SMS sender: Twilio when SMS_URL names it, else the outbox. */
export function createSmsSender(options: SmsOptions): SmsSender {
  if (options.smsUrl === undefined) return outboxSender(options.dataDir, options.log);
  return twilioSender(options.smsUrl, options.log, options.twilioHttpClient);
}
