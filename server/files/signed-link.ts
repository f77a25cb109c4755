import { createHmac, timingSafeEqual } from 'node:crypto';
import { LINK_EXPIRES_PARAM, LINK_SIGNATURE_PARAM } from '../../contract/signed-link';

// A browser navigation (<a href>, <a download>, <img src>) cannot send the bearer header, so a link
// to a file carries its own authority: an HMAC with the server's key over what the link is for
// (its purpose), what it names and who it was issued to, and when it stops working. Nothing in it
// is a credential on its own: each route says what else it checks when the link is opened
// (decisions 0125 export downloads, 0185 KYC documents).

export interface LinkGrant {
  /** Separates the kinds of link, so one kind's signature never opens another. */
  purpose: string;
  /** What the link names and who it was issued to, in a fixed order (no ':' inside a part). */
  parts: readonly string[];
  /** Unix seconds. */
  expires: number;
}

function signature(key: Uint8Array, grant: LinkGrant): string {
  return createHmac('sha256', key)
    .update(`${grant.purpose}:${grant.parts.join(':')}:${grant.expires}`)
    .digest('base64url');
}

/** The query string of a link: `expires=<unix s>&sig=<HMAC>`. */
export function signedLinkQuery(key: Uint8Array, grant: LinkGrant): string {
  return `${LINK_EXPIRES_PARAM}=${grant.expires}&${LINK_SIGNATURE_PARAM}=${signature(key, grant)}`;
}

export function expiresAfter(seconds: number, now = Date.now()): number {
  return Math.floor(now / 1000) + seconds;
}

/** Constant-time check of a presented signature; the expiry is checked by the caller (its answer differs per route). */
export function validLinkSignature(key: Uint8Array, grant: LinkGrant, sig: string): boolean {
  const expected = Buffer.from(signature(key, grant));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function linkExpired(expires: number, now = Date.now()): boolean {
  return expires * 1000 <= now;
}
