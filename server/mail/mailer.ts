import nodemailer from 'nodemailer';
import type { Db } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every e-mail is written to the outbox table first (so nothing is lost and demo mode can show it),
 * then sent over SMTP when SMTP_URL is configured.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      const row = await db
        .insertInto('email_outbox')
        .values({ recipient: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null, status: transport ? 'queued' : 'stored' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.updateTable('email_outbox').set({ status: 'sent', sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        await db.updateTable('email_outbox').set({ status: 'failed', error: String(error) }).where('id', '=', row.id).execute();
      }
    },
  };
}
