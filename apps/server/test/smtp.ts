/**
 * A real SMTP server in the test process (`smtp-server`), whose received
 * messages are parsed (`mailparser`), so tests read what a person would.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
  raw: ParsedMail;
};

export type TestSmtp = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first message to `to` received after `since` messages (waits up to 5 s). */
  waitFor: (to: string, since?: number) => Promise<ReceivedMail>;
  /** The first http(s) link of a message's text. */
  linkOf: (mail: ReceivedMail) => string;
  /** Refuse the next `count` messages with a temporary failure. */
  failNext: (count: number) => void;
  close: () => Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const addresses = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          messages.push({
            to: addresses,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            from: mail.from?.text ?? '',
            raw: mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitFor = async (to: string, since = 0) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = messages.slice(since).find((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    linkOf: (mail) => {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no link in the e-mail "${mail.subject}"`);
      return link;
    },
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
