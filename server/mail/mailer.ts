import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import { maskSecrets } from './mask-secrets';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Values only the recipient may see (a reset token): masked in the product's copy of the e-mail. */
  secrets?: readonly string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every e-mail is written to the outbox table first, with its secrets masked (the sent e-mails view
 * shows that copy; decision 0170), then sent in full over SMTP when SMTP_URL is configured. Without
 * SMTP an e-mail reaches nobody: its copy stays in the table as `stored`.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, from: string): Mailer {
  // nodemailer is loaded with the first e-mail sent over SMTP, not with the server: a start without
  // SMTP (the demo) never needs it, and importing it cost every start about 0.1 s of CPU (decision 0590).
  let transportMade: Promise<Transporter> | undefined;
  const smtp = (url: string) => (transportMade ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    async send(mail) {
      const row = await db
        .insertInto('email_outbox')
        .values({
          recipient: mail.to,
          subject: mail.subject,
          text_body: maskSecrets(mail.text, mail.secrets),
          html_body: mail.html === undefined ? null : maskSecrets(mail.html, mail.secrets),
          status: smtpUrl ? 'queued' : 'stored',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!smtpUrl) return;
      try {
        await (await smtp(smtpUrl)).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        await db
          .updateTable('email_outbox')
          .set({ status: 'failed', error: maskSecrets(String(error), mail.secrets) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
