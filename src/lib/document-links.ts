import { kycEndpoints } from '../../contract/kyc/endpoints';
import { signedLinkExpiry } from '../../contract/signed-link';
import { call } from './api-client';

// A KYC document's access url works for ten minutes, in this browser's session only (decision
// 0185). A page kept open longer holds links that have run out: following one first asks the
// server for a fresh one, instead of opening a tab that shows "this document link has expired".

/** Renew when less than this is left: the click, the new tab and the request take a moment. */
export const LINK_RENEW_MARGIN_MS = 30_000;

export function needsRenewal(url: string, now = Date.now()): boolean {
  const expiry = signedLinkExpiry(url);
  return expiry !== undefined && expiry.getTime() - now < LINK_RENEW_MARGIN_MS;
}

/** The document's access url as the server issues it now (replaced documents included). */
export async function freshDocumentUrl(groupId: string, documentId: string): Promise<string | undefined> {
  const list = await call(kycEndpoints.listKycDocuments, { params: { id: groupId }, query: { includeHistory: 'true' } });
  return list.headers.flatMap((header) => header.documents).find((document) => document.documentId === documentId)?.accessUrl;
}
