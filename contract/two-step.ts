// zod/mini: the code step of sign-in is on the sign-in path (decision 0331).
import { z } from 'zod/mini';
import { defineEndpoint, endpointTable } from './endpoint';
import { AUTH_BASE } from './product';

// Two-step sign-in (issue 19): an authenticator app's code (TOTP, RFC 6238) after the password.
// Turned on by the user, with recovery codes shown once; the sign-in answer says when the code is
// needed and the code step has its own rate limit and lockout (decision 0271).

export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
/** Wrong codes in a row before the code step locks. */
export const TWO_STEP_MAX_FAILURES = 5;

const CodeSchema = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.refine((code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), { error: 'enter the 6-digit code or a recovery code' }),
);

export const TwoStepStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.int(),
  /** The sign-in policy requires it of you (provider roles, decision 0310): until it is on, only setting it up is open. */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;
export const TwoStepSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const CodeBodySchema = z.object({ code: CodeSchema });
/** Turning it off is confirmed with a current code, a recovery code, or the account's password. */
export const DisableBodySchema = z
  .object({ code: z.optional(CodeSchema), password: z.optional(z.string().check(z.minLength(1), z.maxLength(200))) })
  .check(z.refine((body) => body.code !== undefined || body.password !== undefined, { error: 'enter a code from your app or your password', path: ['code'] }));

/** The endpoints a signed-in user may still call while the sign-in policy waits for their two-step set-up. */
export const OPEN_UNTIL_TWO_STEP_IDS: readonly string[] = [
  'getTwoStep',
  'startTwoStepSetup',
  'enableTwoStep',
  'getIdentityUser',
  'getUserProfile',
  'getMerchantUserInfo',
];

export const SignInPolicySchema = z.object({
  requireTwoStepForProviderRoles: z.boolean(),
  /** Whether the value is the mode's default (no provider admin has set it yet). */
  isDefault: z.boolean(),
});
export type SignInPolicy = z.infer<typeof SignInPolicySchema>;
export const SignInPolicyBodySchema = z.object({ requireTwoStepForProviderRoles: z.boolean() });

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
    summary: 'Turns two-step sign-in off, with a current code, a recovery code or your password',
    access: 'session',
    body: DisableBodySchema,
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
  defineEndpoint({
    id: 'getSignInPolicy',
    method: 'GET',
    path: `${AUTH_BASE}/sign-in-policy`,
    summary: 'The sign-in policy: whether provider roles must use two-step sign-in',
    access: { resource: 'Roles', action: 'Read' },
    response: SignInPolicySchema,
  }),
  defineEndpoint({
    id: 'updateSignInPolicy',
    method: 'PUT',
    path: `${AUTH_BASE}/sign-in-policy`,
    summary: 'Requires (or stops requiring) two-step sign-in for provider roles; provider admins only',
    access: { resource: 'Roles', action: 'Update' },
    body: SignInPolicyBodySchema,
    response: SignInPolicySchema,
  }),
]);
