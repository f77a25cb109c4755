import nodemailer from 'nodemailer';
import type { SmtpTestAnswer } from '../../contract/smtp-settings';
import type { AppContext } from '../app-context';
import type { SmtpSettingsTable } from '../db/schema';
import { maskSecrets } from '../mail/mask-secrets';
import { resolveTarget, TargetRefused } from '../webhooks/outbound-target';
import { secretBoxOf } from './secret-box';

// "Send a test e-mail" (decision 0280): a real SMTP conversation with the configured server, and
// its answer shown as it came: the acceptance line, or the error the server (or the network) gave.

type StoredSmtp = Pick<SmtpSettingsTable, 'server' | 'port' | 'encryption' | 'username' | 'password_cipher' | 'sender_email' | 'sender_name'>;

const TIMEOUT_MS = 10_000;

function errorText(error: unknown): string {
  const failure = error as { response?: string; code?: string; message?: string };
  if (failure.response) return failure.response;
  return [failure.code, failure.message].filter(Boolean).join(': ') || String(error);
}

export async function sendTestEmail(ctx: Pick<AppContext, 'config' | 'tokenKey'>, settings: StoredSmtp, to: string): Promise<SmtpTestAnswer> {
  const password = settings.password_cipher ? secretBoxOf(ctx).open(settings.password_cipher) : undefined;
  const hide = (text: string) => maskSecrets(text, password ? [password] : []);
  let address: string;
  try {
    // Dial the address that was checked, and name the host for TLS (no DNS rebinding; decision 0283).
    ({ address } = await resolveTarget(settings.server, ctx.config.integrations.allowPrivateTargets));
  } catch (error) {
    return { delivered: false, serverAnswer: error instanceof TargetRefused ? error.message : `${settings.server}: ${errorText(error)}` };
  }
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
    return { delivered: true, serverAnswer: hide(info.response) };
  } catch (error) {
    return { delivered: false, serverAnswer: hide(errorText(error)) };
  } finally {
    transport.close();
  }
}
