import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { PROBLEM_TYPES } from '../../contract/problem';
import type { Db } from '../db/database';
import { countHit } from './rate-limit-store';
import { HttpProblem } from '../http/problem';

// Password guessing, limited per account (issue 33, decision 0372). Every endpoint that checks a
// password (sign-in, turning two-step sign-in off) counts its wrong answers here, in the database's
// rate-limit counters, so every instance counts the same attempts:
// - per (account, address): after PAIR_FREE wrong passwords within the window, that address waits
//   before its next try, one minute, then doubling with each further wrong one, at most the window;
// - per account, over all addresses: after ACCOUNT_FREE wrong passwords within the window, every
//   address that has not signed in to the account successfully within KNOWN_DAYS waits likewise.
//   Spreading guesses over many addresses no longer helps, and the owner, at an address they signed
//   in from before, is not locked out by someone else's guesses; the owner gets one e-mail per window.
// A waiting address is answered 429 with Retry-After before the password is even checked, so the
// right password during the wait tells nothing.

export const PASSWORD_WINDOW_MS = 15 * 60_000;
export const PAIR_FREE = 5;
export const ACCOUNT_FREE = 10;
const FIRST_WAIT_MS = 60_000;
const KNOWN_DAYS = 30;

/** One account's attempts from one address. `account` is the e-mail the attempt names (the account need not exist). */
export interface PasswordAttempt {
  account: string;
  address: string;
}

// Counter keys name a hash of the e-mail, never the e-mail: the table holds no one's address book.
function accountKeyOf(account: string): string {
  return createHash('sha256').update(account.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

function keysOf(attempt: PasswordAttempt) {
  const account = accountKeyOf(attempt.account);
  const pair = `${account}|${attempt.address}`;
  return {
    accountFailures: `password-failures|account|${account}`,
    pairFailures: `password-failures|pair|${pair}`,
    accountWait: `password-wait|account|${account}`,
    pairWait: `password-wait|pair|${pair}`,
    known: `password-known|${pair}`,
  };
}

/** The wait after `failures` wrong passwords where `free` were let through: one minute, doubling, at most the window. */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(PASSWORD_WINDOW_MS, FIRST_WAIT_MS * 2 ** (failures - free));
}

export function waitingProblem(waitMs: number): HttpProblem {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpProblem({
    type: PROBLEM_TYPES.rateLimited,
    title: 'Too many wrong passwords',
    status: 429,
    detail: `too many wrong passwords for this account: try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or set a new password with "Forgot password"`,
    code: 'signIn.passwordsHeld',
    params: { count: minutes },
  });
}

/** Sends the 429 with its Retry-After (seconds). */
export function sendWaiting(reply: FastifyReply, waitMs: number): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
    .type('application/problem+json')
    .send(waitingProblem(waitMs).problem);
}

/** How long this address must still wait before it may try a password for this account; 0 when it may try now. */
export async function waitBeforeAttempt(db: Db, attempt: PasswordAttempt): Promise<number> {
  const keys = keysOf(attempt);
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['key', sql<number>`greatest(0, ceil(extract(epoch FROM (window_ends_at - now())) * 1000))::bigint`.as('left_ms')])
    .where('key', 'in', [keys.pairWait, keys.accountWait, keys.known])
    .where('window_ends_at', '>', sql<Date>`now()`)
    .execute();
  const left = new Map(rows.map((row) => [row.key, Number(row.left_ms)]));
  const pair = left.get(keys.pairWait) ?? 0;
  const account = left.has(keys.known) ? 0 : (left.get(keys.accountWait) ?? 0);
  return Math.max(pair, account);
}

async function holdUntil(db: Db, key: string, waitMs: number): Promise<void> {
  const ends = sql<Date>`now() + make_interval(secs => ${waitMs / 1000})`;
  await sql`
    INSERT INTO rate_limit_counters AS counter (key, window_started_at, window_ends_at, hits)
    VALUES (${key}, now(), ${ends}, 1)
    ON CONFLICT (key) DO UPDATE SET window_ends_at = greatest(counter.window_ends_at, ${ends}), hits = counter.hits + 1`.execute(db);
}

export interface FailureOutcome {
  /** How long this address now waits before its next try (0: it may try again at once). */
  waitMs: number;
  /** This failure started the account-wide wait: the moment to tell the owner. */
  accountJustHeld: boolean;
}

/** Counts one wrong password (or code) and sets the waits it calls for. */
export async function countFailure(db: Db, attempt: PasswordAttempt): Promise<FailureOutcome> {
  const keys = keysOf(attempt);
  const [pair, account] = [await countHit(db, keys.pairFailures, PASSWORD_WINDOW_MS), await countHit(db, keys.accountFailures, PASSWORD_WINDOW_MS)];
  const pairWait = waitAfter(pair.current, PAIR_FREE);
  const accountWait = waitAfter(account.current, ACCOUNT_FREE);
  if (pairWait > 0) await holdUntil(db, keys.pairWait, pairWait);
  if (accountWait > 0) await holdUntil(db, keys.accountWait, accountWait);
  const known =
    accountWait > 0 &&
    (await db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('key', '=', keys.known)
      .where('window_ends_at', '>', sql<Date>`now()`)
      .executeTakeFirst());
  return { waitMs: Math.max(pairWait, known ? 0 : accountWait), accountJustHeld: account.current === ACCOUNT_FREE };
}

/** A right password: this address's count starts again, and the address is known to the account for KNOWN_DAYS. */
export async function countSuccess(db: Db, attempt: PasswordAttempt): Promise<void> {
  const keys = keysOf(attempt);
  await db.deleteFrom('rate_limit_counters').where('key', 'in', [keys.pairFailures, keys.pairWait]).execute();
  const ends = sql<Date>`now() + make_interval(days => ${KNOWN_DAYS})`;
  await sql`
    INSERT INTO rate_limit_counters AS counter (key, window_started_at, window_ends_at, hits)
    VALUES (${keys.known}, now(), ${ends}, 1)
    ON CONFLICT (key) DO UPDATE SET window_ends_at = ${ends}, hits = counter.hits + 1`.execute(db);
}

/** A new password set through the e-mailed link: the account's count and wait end (the owner proved who they are). */
export async function forgiveAccount(db: Db, account: string): Promise<void> {
  const keys = keysOf({ account, address: '' });
  await db.deleteFrom('rate_limit_counters').where('key', 'in', [keys.accountFailures, keys.accountWait]).execute();
}

/** The e-mail the owner gets once per window when the account-wide wait starts. */
export function heldNotice(firstName: string): { subject: string; text: string } {
  return {
    subject: 'Someone is trying passwords on your Folio account',
    text: [
      `Hello ${firstName},`,
      '',
      `Folio refused ${ACCOUNT_FREE} wrong passwords for your account within ${PASSWORD_WINDOW_MS / 60_000} minutes. Sign-in from places you have not used before now waits a few minutes between tries; where you signed in before, you sign in as usual.`,
      '',
      'If it was you, wait a few minutes or set a new password with "Forgot password" on the sign-in page. If it was not you, your password held; consider setting a new one and turning on two-step sign-in.',
    ].join('\n'),
  };
}
