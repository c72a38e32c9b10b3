import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender, type SmsOptions } from './sms.ts';
import { twilioSettings } from './sms-url.ts';

const sid = `AC${'0123456789abcdef'.repeat(2)}`;
const quiet = { info: () => undefined, error: () => undefined };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-sms-'));
  dirs.push(dir);
  return dir;
};

type Call = { method: string; uri: string; data: Record<string, string>; username: string; password: string };

/** Twilio's HTTP client, faked: it records each request and answers `status`. */
function fakeTwilio(status = 201) {
  const calls: Call[] = [];
  const httpClient = {
    request: async (options: Call) => {
      calls.push(options);
      return {
        statusCode: status,
        body: JSON.stringify(
          status < 300
            ? { sid: 'SM00000000000000000000000000000001', status: 'queued' }
            : { code: 21211, message: "The 'To' number is not a valid phone number.", status },
        ),
        headers: {},
      };
    },
  } as unknown as SmsOptions['twilioHttpClient'];
  return { calls, httpClient };
}

describe('the outbox', () => {
  it('writes each text to <time>-<phone>.sms with the number, and never overwrites one', async () => {
    const dataDir = tempDir();
    const logged: string[] = [];
    const sms = createSmsSender({
      smsUrl: undefined,
      dataDir,
      log: { ...quiet, info: (_object, message) => logged.push(message) },
    });
    await Promise.all([
      sms.send({ to: '9876543210', text: '123456 is your code' }),
      sms.send({ to: '9876543210', text: '654321 is your code' }),
    ]);
    const files = fs.readdirSync(path.join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-9876543210\.sms$/);
    const bodies = files.map((file) => fs.readFileSync(path.join(dataDir, 'outbox', file), 'utf8')).sort();
    expect(bodies).toEqual([
      'To: +919876543210\n\n123456 is your code\n',
      'To: +919876543210\n\n654321 is your code\n',
    ]);
    expect(logged.sort()).toEqual([
      'SMS written to the outbox: 123456 is your code',
      'SMS written to the outbox: 654321 is your code',
    ]);
  });
});

describe('Twilio', () => {
  it('sends through the Messages API of the account, from the configured number', async () => {
    const { calls, httpClient } = fakeTwilio();
    const sms = createSmsSender({
      smsUrl: `twilio://${sid}:secret-token@api.twilio.com?from=%2B14155550100`,
      dataDir: tempDir(),
      log: quiet,
      twilioHttpClient: httpClient,
    });
    await sms.send({ to: '9876543210', text: '123456 is your code' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'post',
      uri: `https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json`,
      username: sid,
      password: 'secret-token',
      data: { To: '+919876543210', From: '+14155550100', Body: '123456 is your code' },
    });
  });

  it('sends through a messaging service when one is named', async () => {
    const { calls, httpClient } = fakeTwilio();
    const sms = createSmsSender({
      smsUrl: `twilio://${sid}:t@api.twilio.com?messagingServiceSid=MG123`,
      dataDir: tempDir(),
      log: quiet,
      twilioHttpClient: httpClient,
    });
    await sms.send({ to: '9876543210', text: 'hello' });
    expect(calls[0]!.data).toMatchObject({ MessagingServiceSid: 'MG123', To: '+919876543210' });
    expect(calls[0]!.data).not.toHaveProperty('From');
  });

  it('sends a WhatsApp message from the WhatsApp sender, both numbers under whatsapp:', async () => {
    const { calls, httpClient } = fakeTwilio();
    const sms = createSmsSender({
      smsUrl: `twilio://${sid}:t@api.twilio.com?messagingServiceSid=MG123&whatsappFrom=%2B14155238886`,
      dataDir: tempDir(),
      log: quiet,
      twilioHttpClient: httpClient,
    });
    expect(sms.whatsapp).toBe(true);
    await sms.send({ to: '9876543210', text: 'Order #12: Confirmed', channel: 'WHATSAPP' });
    expect(calls[0]!.data).toEqual({
      To: 'whatsapp:+919876543210',
      From: 'whatsapp:+14155238886',
      Body: 'Order #12: Confirmed',
    });
  });

  it('cannot send WhatsApp without a WhatsApp sender, and says why', async () => {
    const { calls, httpClient } = fakeTwilio();
    const sms = createSmsSender({
      smsUrl: `twilio://${sid}:t@api.twilio.com?from=14155550100`,
      dataDir: tempDir(),
      log: quiet,
      twilioHttpClient: httpClient,
    });
    expect(sms.whatsapp).toBe(false);
    await expect(sms.send({ to: '9876543210', text: 'hi', channel: 'WHATSAPP' })).rejects.toThrow(
      'no WhatsApp sender is set up (SMS_URL whatsappFrom=)',
    );
    expect(calls).toEqual([]);
  });

  it('throws, and logs, when Twilio refuses the text', async () => {
    const { httpClient } = fakeTwilio(400);
    const errors: string[] = [];
    const sms = createSmsSender({
      smsUrl: `twilio://${sid}:t@api.twilio.com?from=14155550100`,
      dataDir: tempDir(),
      log: { ...quiet, error: (_object, message) => errors.push(message) },
      twilioHttpClient: httpClient,
    });
    await expect(sms.send({ to: '9876543210', text: 'hello' })).rejects.toThrow(/not a valid phone number/);
    expect(errors).toEqual(['The SMS provider refused or did not take the text']);
  });
});

describe('SMS_URL', () => {
  it.each([
    ['not a url', 'must be a URL such as twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B14155550100'],
    ['https://api.twilio.com', 'must be a twilio:// URL (the SMS provider this server supports)'],
    ['twilio://someone:t@api.twilio.com?from=1415', 'must carry the Twilio account SID (AC…) as its user'],
    [`twilio://${sid}@api.twilio.com?from=14155550100`, 'must carry the Twilio auth token as its password'],
    [`twilio://${sid}:t@api.twilio.com`, 'must name the sender: from= or messagingServiceSid='],
    [
      `twilio://${sid}:t@api.twilio.com?from=call-me`,
      'from= must be the sending number in E.164 form, e.g. %2B14155550100',
    ],
    [
      `twilio://${sid}:t@api.twilio.com?from=14155550100&whatsappFrom=whatsapp`,
      'whatsappFrom= must be the WhatsApp sender’s number in E.164 form, e.g. %2B14155238886',
    ],
  ])('refuses %s', (url, reason) => {
    expect(twilioSettings(url)).toBe(reason);
  });

  it('reads the account, token and sender, a + spelled or not', () => {
    expect(twilioSettings(`twilio://${sid}:s%2Fecret@api.twilio.com?from=+14155550100`)).toEqual({
      accountSid: sid,
      authToken: 's/ecret',
      from: '+14155550100',
      messagingServiceSid: null,
      whatsappFrom: null,
    });
    expect(
      twilioSettings(`twilio://${sid}:t@api.twilio.com?from=14155550100&whatsappFrom=%2B14155238886`),
    ).toMatchObject({ whatsappFrom: '+14155238886' });
  });
});
