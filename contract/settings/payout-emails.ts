import { z } from 'zod';
import { emailList } from './fields';

/** Payout e-mails (spec 7 payout-email-config): who receives payout statements. */
export const PayoutEmailsSchema = z.object({ to: emailList(1), cc: emailList(), bcc: emailList() });
export type PayoutEmails = z.infer<typeof PayoutEmailsSchema>;
export const PAYOUT_EMAILS_DEFAULTS: PayoutEmails = { to: [], cc: [], bcc: [] };
