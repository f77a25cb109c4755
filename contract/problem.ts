import { z } from 'zod';
import { PROBLEM_CODES } from './problem-codes';

export { PROBLEM_CODES, type ProblemCode, type ProblemParamsArg, type ProblemParamsOf } from './problem-codes';

/** `signIn.invalidCredentials, signIn.passwordsHeld (count), ...`: the registry as the API document lists it. */
function codesWithParams(): string {
  return Object.entries(PROBLEM_CODES)
    .map(([code, params]) => (params.length ? `${code} (${params.join(', ')})` : code))
    .join(', ');
}

// Spec section 3 "Error payload", served as application/problem+json (RFC 9457).
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.union([z.array(z.string()), z.record(z.string(), z.array(z.string()))]).optional(),
  // RFC 9457 extension members (decision 0686): which refusal this is, for a program to tell them apart without
  // reading `detail`, and the values its sentence names. Written as a string, not an enum, so a client checking
  // answers against an older copy of this document does not fail on a code added later.
  code: z
    .string()
    .meta({ description: `The refusal's stable code, when it has one; more may be added. The codes, with the params each sends: ${codesWithParams()}.` })
    .optional(),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .meta({ description: 'The values the refusal names (an amount, a count, a name), by the names listed with its code.' })
    .optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Stable problem type URIs, documented in docs/api. */
export const PROBLEM_TYPES = {
  validation: 'https://folio.test/problems/validation',
  unauthorized: 'https://folio.test/problems/unauthorized',
  forbidden: 'https://folio.test/problems/forbidden',
  notFound: 'https://folio.test/problems/not-found',
  conflict: 'https://folio.test/problems/conflict',
  /** A save whose `If-Match` names a version that is no longer the current one (decision 0354). */
  changedSince: 'https://folio.test/problems/changed-since',
  idempotencyKeyReused: 'https://folio.test/problems/idempotency-key-reused',
  rateLimited: 'https://folio.test/problems/rate-limited',
  payloadTooLarge: 'https://folio.test/problems/payload-too-large',
  requestTooLarge: 'https://folio.test/problems/request-too-large',
  unsupportedMedia: 'https://folio.test/problems/unsupported-media-type',
  invalidCredentials: 'https://folio.test/problems/invalid-credentials',
  csrf: 'https://folio.test/problems/csrf',
  /** Signed in with the password, but the sign-in policy wants two-step sign-in turned on first (decision 0310). */
  twoStepRequired: 'https://folio.test/problems/two-step-required',
  /** The server listens but its database is not ready yet (decision 0652): /health says so; try again shortly. */
  starting: 'https://folio.test/problems/starting',
  internal: 'https://folio.test/problems/internal',
} as const;
