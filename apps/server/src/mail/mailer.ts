import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { backoffMs, retry } from '@storedesk/shared/retry';

/** One e-mail: a plain-text and an HTML part, in the business's name (D14). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's display name, e.g. the business's; the address is always MAIL_FROM's. */
  fromName?: string;
};

export interface Mailer {
  /** Sends the message, retrying a failed send; throws when every try failed (and logs each). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

type MailLog = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type MailerOptions = {
  /** smtp:// or smtps://; without it, messages go to `DATA_DIR/outbox` as .eml files. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, e.g. `Storedesk <no-reply@storedesk.local>`. */
  mailFrom: string;
  dataDir: string;
  log: MailLog;
  /** Tries of one send, and the wait before the second (doubling after). */
  tries?: number;
  retryDelayMs?: number;
};

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
function addressOf(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

/**
 * The server's mailer (D14): nodemailer over SMTP_URL (STARTTLS where the
 * server offers it on smtp://, TLS from the start on smtps://), or, without
 * one, an outbox folder of .eml files with each message's link in the log.
 * A failed send is tried again with a growing wait, each failure logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  const tries = options.tries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(options.dataDir, 'outbox');
  const fromAddress = addressOf(options.mailFrom);

  const sendOnce = async (message: MailMessage) => {
    const from = message.fromName ? { name: message.fromName, address: fromAddress } : options.mailFrom;
    const info = await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (!options.smtpUrl) {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      log.info(
        { to: message.to, file, link: firstLink(message.text) },
        `e-mail written to the outbox: ${message.subject}`,
      );
    } else {
      log.info({ to: message.to, messageId: info.messageId }, `e-mail sent: ${message.subject}`);
    }
  };

  return {
    async send(message) {
      await retry(() => sendOnce(message), {
        waitsMs: Array.from({ length: tries - 1 }, (_, attempt) =>
          backoffMs(attempt, { firstMs: retryDelayMs, maxMs: Infinity }),
        ),
        onFailure: (error, attempt, nextWait) => {
          const last = nextWait === null;
          log[last ? 'error' : 'warn'](
            { err: error, to: message.to, attempt, tries },
            last
              ? `e-mail not sent after ${tries} tries: ${message.subject}`
              : `e-mail send failed, trying again: ${message.subject}`,
          );
        },
      });
    },
    async close() {
      transport.close();
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A message with one action link, as text and HTML: a greeting, lines of
 * text, the link, and a closing line naming who it is from.
 */
export function composeMail(input: {
  to: string;
  subject: string;
  /** The business (or product) name the message speaks for. */
  from: string;
  greeting: string;
  lines: string[];
  link: { label: string; url: string };
  footer?: string;
}): MailMessage {
  const footer = input.footer ?? "If you didn't ask for this, you can ignore this e-mail.";
  const text = [
    input.greeting,
    '',
    ...input.lines,
    '',
    `${input.link.label}: ${input.link.url}`,
    '',
    footer,
    '',
    `— ${input.from}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(input.greeting)}</p>
${input.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link.url)}">${escapeHtml(input.link.label)}</a></p>
<p style="color:#555">${escapeHtml(footer)}</p>
<p>— ${escapeHtml(input.from)}</p>
</body></html>`;
  return { to: input.to, subject: input.subject, text, html, fromName: input.from };
}
