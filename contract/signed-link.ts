// Links to files (export downloads, KYC documents) carry their expiry in the query as
// `expires=<unix seconds>`, beside the server's signature (decisions 0125, 0185). The SPA reads it
// to renew a link before following it, rather than opening one the server will refuse.

export const LINK_EXPIRES_PARAM = 'expires';
export const LINK_SIGNATURE_PARAM = 'sig';

/** When a signed link stops working, or undefined when the url carries no expiry. */
export function signedLinkExpiry(url: string): Date | undefined {
  const query = url.split('?')[1];
  if (!query) return undefined;
  const seconds = Number(new URLSearchParams(query).get(LINK_EXPIRES_PARAM));
  return Number.isInteger(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}
