import { createHash } from 'node:crypto';
import type { CallerScope } from './caller';

// A short fingerprint of the caller's live grants: roles in order and the merchants they may see
// (decision 0311). Sent on every signed-in answer, so an open page learns at its next call that an
// admin widened or narrowed its user's scope; it reveals nothing the caller does not already read.

export const GRANTS_VERSION_HEADER = 'folio-grants';

export function grantsVersionOf(caller: CallerScope): string {
  const scope = caller.merchantScope === 'all' ? 'all' : [...caller.merchantScope].sort();
  return createHash('sha256')
    .update(JSON.stringify([caller.roles, scope]))
    .digest('base64url')
    .slice(0, 16);
}
