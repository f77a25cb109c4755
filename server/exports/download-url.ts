import { createHmac, timingSafeEqual } from 'node:crypto';
import { fillPath } from '../../contract/endpoint';
import { exportEndpoints } from '../../contract/exports';

// A browser navigation cannot send the bearer header, so the url itself carries the authority
// (decision 0125): an HMAC over token, owner and expiry with the server's key. It is handed only
// to the owner, works once (the job row records the download) and not after the expiry.

const downloadEndpoint = exportEndpoints.downloadExport;

function signature(key: Uint8Array, token: string, owner: string, expires: number): string {
  return createHmac('sha256', key).update(`export-download:${token}:${owner}:${expires}`).digest('base64url');
}

export function downloadUrl(key: Uint8Array, token: string, owner: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${fillPath(downloadEndpoint.path, { token })}?expires=${expires}&sig=${signature(key, token, owner, expires)}`;
}

export function validSignature(key: Uint8Array, token: string, owner: string, expires: number, sig: string): boolean {
  const expected = Buffer.from(signature(key, token, owner, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
