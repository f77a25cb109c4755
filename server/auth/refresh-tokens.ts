import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { hashToken, randomToken } from './tokens';

// Refresh tokens rotate on every use and a replayed one ends its family (OWASP Session Management
// Cheat Sheet, "Renew the session ID"; decision 0186). The family is the session: one sign-in and
// every token it was given since. A stolen token is then good for one use only, and when the thief
// and the owner both use it, the second use ends the session for both.

/**
 * How long the token just replaced still works: two tabs (or a slow network) may send the same
 * token at once, and the browser only learns the new one from the first answer. Within the window
 * the previous token gets an access token but no new refresh token; after it, it is a replay.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/** A refresh token of a live session, as presented by the browser. */
export interface PresentedRefreshToken {
  hash: string;
  sessionId: string;
  userId: string;
  sessionExpires: Date;
  supersededAt: Date | null;
}

/** Current: use it as it is; rotated: the browser gets `token` instead; grace: the previous token, just replaced; reused: a replay. */
export type RefreshOutcome = { kind: 'current' } | { kind: 'rotated'; token: string } | { kind: 'grace' } | { kind: 'reused' };

export async function findRefreshToken(db: Db, token: string): Promise<PresentedRefreshToken | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['refresh_tokens.token_hash', 'refresh_tokens.superseded_at', 'sessions.id', 'sessions.user_id', 'sessions.expires_at'])
    .where('refresh_tokens.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  return row && { hash: row.token_hash, sessionId: row.id, userId: row.user_id, sessionExpires: row.expires_at, supersededAt: row.superseded_at };
}

/** The first refresh token of a new session. */
export async function issueRefreshToken(db: Db, sessionId: string): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: hashToken(token), session_id: sessionId, issued_at: new Date() })
    .execute();
  return token;
}

/** The session the token belongs to, whatever its state (sign-out ends it even with an old token). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row?.session_id;
}

/** The token just replaced, within the grace window, and nothing replaced after it. */
async function isGraceful(db: Db, presented: PresentedRefreshToken): Promise<boolean> {
  const row = await db.selectFrom('refresh_tokens').select('superseded_at').where('token_hash', '=', presented.hash).executeTakeFirst();
  const supersededAt = row?.superseded_at;
  if (!supersededAt || supersededAt.getTime() <= Date.now() - REFRESH_REUSE_GRACE_SECONDS * 1000) return false;
  const later = await db
    .selectFrom('refresh_tokens')
    .select('token_hash')
    .where('session_id', '=', presented.sessionId)
    .where('superseded_at', '>', supersededAt)
    .executeTakeFirst();
  return !later;
}

/**
 * Decides what the presented token is worth. `rotate` when it is used to mint an access token: a
 * current token is then replaced in one conditional update, so of two requests racing with it
 * exactly one rotates and the other lands in the grace window.
 */
export async function useRefreshToken(db: Db, presented: PresentedRefreshToken, rotate: boolean): Promise<RefreshOutcome> {
  if (presented.supersededAt === null && !rotate) return { kind: 'current' };
  if (presented.supersededAt === null) {
    const token = await inTransaction(db, async (trx) => {
      const now = new Date();
      const replaced = await trx
        .updateTable('refresh_tokens')
        .set({ superseded_at: now })
        .where('token_hash', '=', presented.hash)
        .where('superseded_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      if (!replaced) return undefined;
      const next = randomToken();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: hashToken(next), session_id: presented.sessionId, issued_at: now })
        .execute();
      await trx.updateTable('sessions').set({ refreshed_at: now }).where('id', '=', presented.sessionId).execute();
      return next;
    });
    if (token) return { kind: 'rotated', token };
  }
  return (await isGraceful(db, presented)) ? { kind: 'grace' } : { kind: 'reused' };
}

/** Ends the whole family: every access token of the session stops working at once. */
export async function revokeSession(db: Db, sessionId: string): Promise<boolean> {
  const revoked = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return revoked !== undefined;
}
