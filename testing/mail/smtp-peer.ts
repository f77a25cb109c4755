import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the recipient's mail client sees it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpPeer {
  /** The SMTP_URL the product sends through. */
  url: string;
  received: ReceivedMail[];
  /** The newest e-mail to `to` received after `after` of them had arrived (polls until `timeoutMs`). */
  nextMailTo(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that the product delivers to, standing in for the users' mail
 * clients (decision 0173): tests follow a reset link the way a user does, without any route of the
 * product handing out mail. Plain SMTP on loopback; no TLS, no authentication.
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  async function nextMailTo(to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const mail = received.slice(options.after ?? 0).findLast((candidate) => candidate.to.includes(to.toLowerCase()));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The password-reset link in an e-mail's text. */
export function resetLinkIn(text: string): string | undefined {
  return text.match(/\S+\/create-password\?token=\S+/)?.[0];
}
