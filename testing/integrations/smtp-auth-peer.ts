import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface AuthMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The user the client authenticated as. */
  user: string | undefined;
}

export interface SmtpAuthPeer {
  host: string;
  port: number;
  received: AuthMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that demands a user name and password (AUTH PLAIN/LOGIN over
 * plain SMTP, which loopback makes acceptable), standing in for a merchant's mail server: the
 * product's "send a test e-mail" must log in and be refused with a wrong password.
 */
export async function startSmtpAuthPeer(credentials: { user: string; password: string }): Promise<SmtpAuthPeer> {
  const received: AuthMail[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            user: session.user as string | undefined,
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
  return { host: '127.0.0.1', port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
