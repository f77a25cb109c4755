import { fillPath } from '../../contract/endpoint';
import { exportEndpoints } from '../../contract/exports';
import { signedLinkQuery, validLinkSignature, type LinkGrant } from '../files/signed-link';

// A browser navigation cannot send the bearer header (decision 0125): the url carries an HMAC over
// token, owner and expiry with the server's key, so it cannot be altered or made for another job.
// It is handed only to the owner, works once (the job row records the download), not after the
// expiry, and only for its owner opening it now: a person's live session or the key that asked
// (decision 0371).

const downloadEndpoint = exportEndpoints.downloadExport;

function grant(token: string, owner: string, expires: number): LinkGrant {
  return { purpose: 'export-download', parts: [token, owner], expires };
}

export function downloadUrl(key: Uint8Array, token: string, owner: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${fillPath(downloadEndpoint.path, { token })}?${signedLinkQuery(key, grant(token, owner, expires))}`;
}

export function validSignature(key: Uint8Array, token: string, owner: string, expires: number, sig: string): boolean {
  return validLinkSignature(key, grant(token, owner, expires), sig);
}
