import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum for scrypt); the parameters are stored with the
// hash so they can be raised later without invalidating existing passwords.
const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;

/** scrypt's work factors, stored with each hash. */
export interface PasswordWork {
  N: number;
  r: number;
  p: number;
}

/** Every password a person chooses or an operator sets: about 180 ms of CPU per hash or check on this kind of machine. */
export const PASSWORD_WORK: PasswordWork = { N, r, p };

/**
 * The demo accounts' shared password, which every start prints on the console and the README names: a
 * costly hash of a password everyone is told protects nothing, and each sign-in paid 180 ms of CPU for it
 * (a sixth of the unit suite's CPU went to demo sign-ins). A demo user who changes their password gets
 * PASSWORD_WORK like anyone (decision 0685).
 */
export const PUBLISHED_PASSWORD_WORK: PasswordWork = { N: 2 ** 10, r, p };

function derive(password: string, salt: Buffer, options: ScryptOptions & PasswordWork): Promise<Buffer> {
  const maxmem = 128 * options.N * options.r * 2;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, work: PasswordWork = PASSWORD_WORK): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, work);
  return `scrypt$${work.N}$${work.r}$${work.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Without a stored hash we still spend the time, so timing does not tell whether the account exists.
  const parts = (stored ?? DUMMY_HASH).split('$');
  const [scheme, n, rr, pp, salt, key] = parts;
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(rr), p: Number(pp) });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

const DUMMY_HASH = `scrypt$${N}$${r}$${p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
