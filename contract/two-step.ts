import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { AUTH_BASE } from './product';

// Two-step sign-in (issue 19): an authenticator app's code (TOTP, RFC 6238) after the password.
// Turned on by the user, with recovery codes shown once; the sign-in answer says when the code is
// needed and the code step has its own rate limit and lockout (decision 0271).

export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** Wrong codes in a row before the code step locks. */
export const TWO_STEP_MAX_FAILURES = 5;

const CodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), { message: 'enter the 6-digit code or a recovery code' });

export const TwoStepStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export const TwoStepSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const CodeBodySchema = z.object({ code: CodeSchema });

export const twoStepEndpoints = endpointTable([
  defineEndpoint({
    id: 'getTwoStep',
    method: 'GET',
    path: `${AUTH_BASE}/two-step`,
    summary: 'Whether two-step sign-in is on for you, and how many recovery codes are left',
    access: 'session',
    response: TwoStepStatusSchema,
  }),
  defineEndpoint({
    id: 'startTwoStepSetup',
    method: 'POST',
    path: `${AUTH_BASE}/two-step/setup`,
    summary: 'A new secret for your authenticator app; two-step sign-in turns on once a code from it is confirmed',
    access: 'session',
    response: TwoStepSetupSchema,
  }),
  defineEndpoint({
    id: 'enableTwoStep',
    method: 'POST',
    path: `${AUTH_BASE}/two-step/enable`,
    summary: 'Turns two-step sign-in on with a code from the app; answers the recovery codes, shown this once',
    access: 'session',
    body: CodeBodySchema,
    response: RecoveryCodesSchema,
  }),
  defineEndpoint({
    id: 'disableTwoStep',
    method: 'POST',
    path: `${AUTH_BASE}/two-step/disable`,
    summary: 'Turns two-step sign-in off, with a current code or a recovery code',
    access: 'session',
    body: CodeBodySchema,
    response: TwoStepStatusSchema,
  }),
  defineEndpoint({
    id: 'verifyTwoStep',
    method: 'POST',
    path: `${AUTH_BASE}/two-step/verify`,
    summary: 'The second step of sign-in: the code for the password just accepted (its challenge cookie); opens the session',
    access: 'public',
    body: CodeBodySchema,
    response: z.object({ url: z.string() }),
  }),
]);
