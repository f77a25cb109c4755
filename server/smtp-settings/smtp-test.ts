import type { SmtpTestAnswer } from '../../contract/smtp-settings';
import type { AppContext } from '../app-context';
import type { SmtpSettingsTable } from '../db/schema';
import { maskSecrets } from '../mail/mask-secrets';
import { resolveTarget, TargetRefused } from '../outbound/outbound-target';
import { secretBoxOf } from '../outbound/secret-box';

// "Send a test e-mail" (decision 0280): a real SMTP conversation with the configured server, and
// its answer shown as it came: the acceptance line, or the error the server (or the network) gave.
// A server on a private network or at this server's own address (reachable only where private
// targets are allowed: the demo, development) may be any local service answering on that port, so
// its own words are not shown: only the class of the outcome and its codes (decision 0382).

type StoredSmtp = Pick<SmtpSettingsTable, 'server' | 'port' | 'encryption' | 'username' | 'password_cipher' | 'sender_email' | 'sender_name'>;

const TIMEOUT_MS = 10_000;

/** Said after the outcome class of a private server's answer. */
export const PRIVATE_ANSWER_WITHHELD = "a mail server's own words are shown only for a public server";

const FAILURE_CLASSES: Record<string, string> = {
  EAUTH: 'the server refused the login',
  ETLS: 'the secure connection failed',
  ECONNECTION: 'the connection failed',
  ESOCKET: 'the connection failed',
  ETIMEDOUT: 'no answer in time',
  EENVELOPE: 'the server refused the sender or the recipient',
  EMESSAGE: 'the server refused the message',
  EPROTOCOL: 'the server does not speak SMTP as expected',
};

/** The outcome of a failed test with a private server: its codes (SMTP reply, mailer, network) and what they mean, not its text. */
function failureClass(error: unknown): string {
  const failure = error as { responseCode?: number; code?: string; message?: string };
  const network = failure.message?.match(/\bE[A-Z]{4,}\b/)?.[0];
  const codes = [...new Set([failure.responseCode, failure.code, network].filter(Boolean))].join(' ');
  const meaning = FAILURE_CLASSES[failure.code ?? ''] ?? 'the test e-mail was not sent';
  return `${codes ? `${codes}: ` : ''}${meaning} (${PRIVATE_ANSWER_WITHHELD})`;
}

function errorText(error: unknown): string {
  const failure = error as { response?: string; code?: string; message?: string };
  if (failure.response) return failure.response;
  return [failure.code, failure.message].filter(Boolean).join(': ') || String(error);
}

export async function sendTestEmail(ctx: Pick<AppContext, 'config' | 'tokenKey'>, settings: StoredSmtp, to: string): Promise<SmtpTestAnswer> {
  const password = settings.password_cipher ? secretBoxOf(ctx).open(settings.password_cipher) : undefined;
  const hide = (text: string) => maskSecrets(text, password ? [password] : []);
  let address: string;
  let isPrivate: boolean;
  try {
    // Dial the address that was checked, and name the host for TLS (no DNS rebinding; decision 0283).
    ({ address, isPrivate } = await resolveTarget(settings.server, ctx.config.integrations.allowPrivateTargets));
  } catch (error) {
    return { delivered: false, serverAnswer: error instanceof TargetRefused ? error.message : `${settings.server}: ${errorText(error)}` };
  }
  // Loaded here, not with the server: a start never needs it (decision 0590).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: address,
    port: settings.port,
    secure: settings.encryption === 'SSL/TLS',
    requireTLS: settings.encryption === 'STARTTLS',
    ignoreTLS: settings.encryption === 'None',
    tls: { servername: settings.server },
    name: 'folio.test-email',
    auth: settings.username || password ? { user: settings.username, pass: password ?? '' } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({
      from: settings.sender_name ? { name: settings.sender_name, address: settings.sender_email } : settings.sender_email,
      to,
      subject: 'Folio test e-mail',
      text: `This is a test e-mail from Folio, sent through ${settings.server}:${settings.port}. Your e-mail settings work.`,
    });
    if (isPrivate)
      return {
        delivered: true,
        serverAnswer: `${info.response.match(/^\d{3}/)?.[0] ?? 'accepted'}: the server accepted the test e-mail (${PRIVATE_ANSWER_WITHHELD})`,
      };
    return { delivered: true, serverAnswer: hide(info.response) };
  } catch (error) {
    return { delivered: false, serverAnswer: isPrivate ? failureClass(error) : hide(errorText(error)) };
  } finally {
    transport.close();
  }
}
