import { createHash } from 'node:crypto';
import type { CallerScope } from './caller';

// A short fingerprint of the caller's live grants: roles in order and the merchants they may see
// (decision 0311). Sent on every signed-in answer, so an open page learns at its next call that an
// admin widened or narrowed its user's scope; it reveals nothing the caller does not already read.

export const GRANTS_VERSION_HEADER = 'folio-grants';

// Fingerprints already computed, by their input: every call of a session answers the same one (decision 0625).
const fingerprints = new Map<string, string>();
const FINGERPRINTS_KEPT = 10_000;

export function grantsVersionOf(caller: CallerScope): string {
  const scope = caller.merchantScope === 'all' ? 'all' : [...caller.merchantScope].sort();
  const input = JSON.stringify([caller.roles, scope]);
  const known = fingerprints.get(input);
  if (known) return known;
  const fingerprint = createHash('sha256').update(input).digest('base64url').slice(0, 16);
  if (fingerprints.size >= FINGERPRINTS_KEPT) fingerprints.clear();
  fingerprints.set(input, fingerprint);
  return fingerprint;
}
