import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { hashToken, randomToken } from '../auth/tokens';

// The one way a person is invited (decision 0456): a user admin inviting a colleague, a resend, and
// provider staff granting a merchant access to its first admin all store a one-time link here, with
// the one lifetime of the configuration (FOLIO_INVITATION_HOURS, a week by default). The link is a
// password-setting token of the create-password flow (spec 4), so the invited person sets a password
// exactly as someone who forgot theirs does.

export interface Invitation {
  token: string;
  expiresAt: Date;
}

/**
 * Stores a new one-time invitation link for the user (older open links stop working) and returns its
 * token and when it stops working.
 */
export async function issueInvitation(db: Db, config: Pick<Config, 'invitationHours'>, userId: string): Promise<Invitation> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + config.invitationHours * 60 * 60 * 1000);
  await db.updateTable('password_reset_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** The address the invitation e-mail links to. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/create-password?token=${encodeURIComponent(token)}`;
}

/** The lifetime as the e-mail says it: "7 days", "1 day", "36 hours". */
export function lifetimeText(config: Pick<Config, 'invitationHours'>): string {
  const hours = config.invitationHours;
  if (hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The invitation e-mail of a user admin's invitation: sent once the link is stored (after the commit), its token masked in the product's copy. */
export async function sendInvitation(
  mailer: Mailer,
  config: Pick<Config, 'invitationHours'>,
  invitation: { to: string; firstName: string; invitedBy: string; origin: string; token: string },
): Promise<void> {
  await mailer.send({
    to: invitation.to,
    subject: 'You are invited to Folio',
    text: `Hello ${invitation.firstName},\n\n${invitation.invitedBy} has invited you to the Folio back office.\nUse this link within ${lifetimeText(config)} to set your password; it works once:\n${invitationLink(invitation.origin, invitation.token)}\n\nThen sign in with this e-mail address and your new password.`,
    secrets: [invitation.token],
  });
}
