import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { hashToken, randomToken } from '../auth/tokens';

/** How long an invitation link works: long enough for a colleague who is away for the weekend. */
export const INVITATION_TTL_SECONDS = 72 * 60 * 60;

/**
 * Stores a new one-time invitation link for the user (older open links stop working) and returns
 * its token. The link is a password-setting token of the create-password flow (spec 4), so the
 * invited user sets a password exactly as someone who forgot theirs does.
 */
export async function issueInvitationToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db.updateTable('password_reset_tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000) })
    .execute();
  return token;
}

/** The invitation e-mail: sent once the link is stored (after the commit), its token masked in the product's copy. */
export async function sendInvitation(
  mailer: Mailer,
  invitation: { to: string; firstName: string; invitedBy: string; origin: string; token: string },
): Promise<void> {
  const link = `${invitation.origin}/create-password?token=${encodeURIComponent(invitation.token)}`;
  await mailer.send({
    to: invitation.to,
    subject: 'You are invited to Folio',
    text: `Hello ${invitation.firstName},\n\n${invitation.invitedBy} has invited you to the Folio back office.\nUse this link within ${INVITATION_TTL_SECONDS / 3600} hours to set your password; it works once:\n${link}\n\nThen sign in with this e-mail address and your new password.`,
    secrets: [invitation.token],
  });
}
