import { z } from 'zod';
import { whenMissing } from './zod-messages';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';
import { SettingsScopeSchema } from './settings/scope';
import { safeText } from './text';

// E-mail delivery settings of a merchant group or one property (spec 7 `merchant-smtp` and
// `merchant-email-configs`, spec 3 "Email provider"; decision 0280). The provider's own sender
// (merchant-email-configs) is kept on the same record: one form, one save. The password is
// write-only: answers say whether one is stored, never what it is.

export const EMAIL_PROVIDERS = ['SMTP', 'SendGrid'] as const;
export const EmailProviderSchema = z.enum(EMAIL_PROVIDERS);
export const SMTP_ENCRYPTIONS = ['None', 'STARTTLS', 'SSL/TLS'] as const;
export const SmtpEncryptionSchema = z.enum(SMTP_ENCRYPTIONS);
/** SendGrid is reached over its SMTP relay: user "apikey", the API key as password. */
export const SENDGRID_RELAY = { server: 'smtp.sendgrid.net', port: 587, encryption: 'STARTTLS', username: 'apikey' } as const;

/** A host name: letters, digits and hyphens in dot-separated labels, with a letter somewhere (all digits is an IPv4 address). */
const HOST_NAME = /^(?=.*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_PART}(?:\\.${IPV4_PART}){3}$`);

/**
 * A host name or an IP address, nothing else (no scheme, no port, no path). An IPv6 address, bare or
 * in brackets, is the URL parser's call, like webhook addresses; "....", "::::" or "1.2.3" are not hosts.
 */
export function isMailHost(value: string): boolean {
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (bare.includes(':')) {
    try {
      return new URL(`smtp://[${bare}]`).hostname.length > 2;
    } catch {
      return false;
    }
  }
  return IPV4.test(bare) || HOST_NAME.test(bare);
}

/** The longest text each field of the settings takes (the form names the limit when one is passed). */
export const SMTP_TEXT_LIMITS = { server: 253, username: 254, password: 512, senderEmail: 254, senderName: 100 } as const;

const emailAddress = () =>
  safeText()
    .trim()
    .max(SMTP_TEXT_LIMITS.senderEmail)
    .pipe(z.email({ message: 'enter a valid e-mail address' }));

export const SmtpSettingsInputSchema = z.object({
  scope: SettingsScopeSchema,
  provider: EmailProviderSchema,
  server: safeText()
    .trim()
    .min(1, { message: 'enter the mail server' })
    .max(SMTP_TEXT_LIMITS.server)
    .refine(isMailHost, { message: 'enter a host name such as smtp.example.com' }),
  port: z
    .number({ error: whenMissing('enter a port') })
    .int()
    .min(1, { message: 'a port is 1 to 65535' })
    .max(65535, { message: 'a port is 1 to 65535' }),
  encryption: SmtpEncryptionSchema,
  username: safeText().trim().max(SMTP_TEXT_LIMITS.username),
  /** A new password; leave it out to keep the stored one (only while server, port, encryption and user stay: SMTP_PASSWORD_AGAIN). */
  password: safeText().max(SMTP_TEXT_LIMITS.password).optional(),
  senderEmail: emailAddress(),
  senderName: safeText().trim().max(SMTP_TEXT_LIMITS.senderName).optional(),
});
export type SmtpSettingsInput = z.input<typeof SmtpSettingsInputSchema>;

export const SmtpSettingsSchema = z.object({
  provider: EmailProviderSchema,
  server: z.string(),
  port: z.number().int(),
  encryption: SmtpEncryptionSchema,
  username: z.string(),
  /** Whether a password is stored; the password itself never leaves the server. */
  passwordStored: z.boolean(),
  senderEmail: z.string(),
  senderName: z.string().nullable(),
  updatedAt: z.string(),
});
export type SmtpSettings = z.infer<typeof SmtpSettingsSchema>;

export const SmtpSettingsAnswerSchema = z.object({
  /** This scope's own settings; null when it has none. */
  settings: SmtpSettingsSchema.nullable(),
  /** A property without its own settings sends with its group's: those, when the group has them. */
  inherited: SmtpSettingsSchema.nullable(),
});
export type SmtpSettingsAnswer = z.infer<typeof SmtpSettingsAnswerSchema>;

export const SmtpTestBodySchema = z.object({ scope: SettingsScopeSchema, to: emailAddress() });
export const SmtpTestAnswerSchema = z.object({
  delivered: z.boolean(),
  /** What the mail server answered: its acceptance line, or its error. */
  serverAnswer: z.string(),
});
export type SmtpTestAnswer = z.infer<typeof SmtpTestAnswerSchema>;

export const smtpSettingsEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchMerchantSmtp',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-smtp/search`,
    summary: "A merchant group's or property's SMTP settings (the password only as stored or not) and what a property inherits from its group",
    access: { resource: 'PaymentSettings', action: 'Read' },
    body: z.object({ scope: SettingsScopeSchema }),
    response: SmtpSettingsAnswerSchema,
  }),
  defineEndpoint({
    id: 'saveMerchantSmtp',
    method: 'PUT',
    path: `${MERCHANT_API}/merchant-smtp`,
    summary:
      'Save the SMTP settings of a merchant group or property; the password is stored encrypted, and kept when the body leaves it out; 412 when If-Match names a version no longer current: the scope’s own `updatedAt`, or for a property showing its group’s, `inherited:` and the group’s (decision 0683)',
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: SmtpSettingsInputSchema,
    response: SmtpSettingsAnswerSchema,
    versioned: true,
  }),
  defineEndpoint({
    id: 'testMerchantSmtp',
    method: 'POST',
    path: `${MERCHANT_API}/merchant-smtp/test`,
    summary: "Send a test e-mail through the scope's saved settings (its group's when it has none) and report the mail server's answer",
    access: { resource: 'PaymentSettings', action: 'Update' },
    body: SmtpTestBodySchema,
    response: SmtpTestAnswerSchema,
  }),
]);

/** Refused when a kept password would go to another mail server, port, encryption or user name than it was saved for (decision 0346). */
export const SMTP_PASSWORD_AGAIN = 'enter the password again: a saved password goes only to the mail server and user it was saved for';
