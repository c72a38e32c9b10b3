import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '#test/smtp.ts';
import { composeMail, createMailer } from './mailer.ts';

const lines: string[] = [];
const log = {
  info: (_object: object, message: string) => void lines.push(`info ${message}`),
  warn: (_object: object, message: string) => void lines.push(`warn ${message}`),
  error: (_object: object, message: string) => void lines.push(`error ${message}`),
};

const message = composeMail({
  to: 'asha@example.com',
  subject: 'Verify your e-mail',
  from: 'Fresh <Mart> & Co',
  greeting: 'Hello Asha,',
  lines: ['Please confirm this address.'],
  link: { label: 'Verify your e-mail', url: 'http://localhost:3000/verify?token=abc&x=1' },
});

let smtp: TestSmtp;
let dataDir: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-mail-'));
});
afterAll(async () => {
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the mailer over SMTP', () => {
  it('delivers a text and an HTML part from MAIL_FROM’s address in the business’s name', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Storedesk <no-reply@storedesk.test>',
      dataDir,
      log,
    });
    await mailer.send(message);
    const mail = await smtp.waitFor('asha@example.com');
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.from).toBe('"Fresh <Mart> & Co" <no-reply@storedesk.test>');
    expect(smtp.linkOf(mail)).toBe('http://localhost:3000/verify?token=abc&x=1');
    expect(mail.html).toContain('<a href="http://localhost:3000/verify?token=abc&amp;x=1">');
    expect(mail.html).toContain('Fresh &lt;Mart&gt; &amp; Co');
    await mailer.close();
  });

  it('tries a refused send again, logging the failure, and delivers it', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'no-reply@storedesk.test',
      dataDir,
      log,
      retryDelayMs: 10,
    });
    const before = smtp.messages.length;
    smtp.failNext(1);
    await mailer.send({ ...message, to: 'retry@example.com' });
    expect((await smtp.waitFor('retry@example.com', before)).subject).toBe('Verify your e-mail');
    expect(lines).toContain('warn e-mail send failed, trying again: Verify your e-mail');
    await mailer.close();
  });

  it('throws, and logs it as an error, when every try fails', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'no-reply@storedesk.test',
      dataDir,
      log,
      tries: 2,
      retryDelayMs: 10,
    });
    smtp.failNext(2);
    await expect(mailer.send({ ...message, to: 'lost@example.com' })).rejects.toThrow();
    expect(lines).toContain('error e-mail not sent after 2 tries: Verify your e-mail');
    await mailer.close();
  });
});

describe('the mailer without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file and logs its link', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'no-reply@storedesk.test', dataDir, log });
    await mailer.send(message);
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('Subject: Verify your e-mail');
    expect(eml).toContain('To: asha@example.com');
    expect(lines).toContain('info e-mail written to the outbox: Verify your e-mail');
  });
});
