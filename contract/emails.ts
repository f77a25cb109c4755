import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { PagedSchema, PaginationSchema } from './transactions';
import { BACKOFFICE_API } from './product';

// "Sent e-mails": the e-mails the product has sent, for provider admins (issue 12; decision 0170).
// Secrets in them (reset links' tokens) are masked in the product's copy, so the view cannot be
// used to take over an account. Access: EmailTemplates Read, which only provider admins hold.

/** What became of an e-mail: handed to the SMTP server, waiting, refused by it, or kept only here (no SMTP configured). */
export const SENT_EMAIL_STATUSES = ['sent', 'queued', 'failed', 'stored'] as const;
export type SentEmailStatus = (typeof SENT_EMAIL_STATUSES)[number];

export const SentEmailSearchSchema = z.object({
  pagination: PaginationSchema.default({ page: 0, pageSize: 25 }),
  /** Part of the recipient's address, any letter case. */
  recipient: z.string().trim().max(320, { message: 'at most 320 characters' }).optional(),
});
export type SentEmailSearch = z.input<typeof SentEmailSearchSchema>;

export const SentEmailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(SENT_EMAIL_STATUSES),
  /** When the product sent it (wrote its copy). */
  createdAt: z.string(),
  /** When the SMTP server accepted it; null when it was not delivered over SMTP. */
  deliveredAt: z.string().nullable(),
});
export type SentEmailSummary = z.infer<typeof SentEmailSummarySchema>;

export const SentEmailSchema = SentEmailSummarySchema.extend({
  /** The text as sent, with secrets masked. */
  text: z.string(),
});
export type SentEmail = z.infer<typeof SentEmailSchema>;

export const SentEmailPageSchema = PagedSchema(SentEmailSummarySchema).extend({
  // The list forgets what is past its keeping (decision 0724): the answer says how long, so the page can say why an
  // older e-mail is not listed (decision 0725).
  keptForDays: z.number().int().positive().nullable().meta({
    description:
      "How many days after it was sent the copy of an e-mail stays in this list before the server forgets it (FOLIO_KEEP_SENT_EMAILS_DAYS); null when the copies are kept for good. An order's own e-mail history is kept with the order.",
  }),
});
export type SentEmailPage = z.infer<typeof SentEmailPageSchema>;

const READ_SENT_EMAILS = { resource: 'EmailTemplates', action: 'Read' } as const;

export const emailEndpoints = endpointTable([
  defineEndpoint({
    id: 'searchSentEmails',
    method: 'POST',
    path: `${BACKOFFICE_API}/emails/search`,
    summary: 'Sent e-mails, newest first, optionally by recipient (provider admins; secrets masked)',
    access: READ_SENT_EMAILS,
    body: SentEmailSearchSchema,
    response: SentEmailPageSchema,
  }),
  defineEndpoint({
    id: 'getSentEmail',
    method: 'GET',
    path: `${BACKOFFICE_API}/emails/{id}`,
    summary: 'One sent e-mail with its text, secrets masked (provider admins)',
    access: READ_SENT_EMAILS,
    params: z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, { message: 'not an e-mail id' }) }),
    response: SentEmailSchema,
  }),
]);
