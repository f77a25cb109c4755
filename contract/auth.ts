// zod/mini: the session and sign-in calls are on the sign-in path, whose first load must stay
// light; zod/mini tree-shakes where classic zod cannot (decision 0331).
import { z } from 'zod/mini';
import { defineEndpoint, endpointTable } from './endpoint';
import { AUTH_BASE, IDENTITY_BASE, TENANT } from './product';
import { RoleNameSchema, UserPermissionSchema } from './roles';

// Spec 7 "Session client" and "Auth/identity"; architecture.md "API surface".

export const EmailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email({ error: 'enter a valid e-mail address' }));

/** Password policy (docs/decisions/0003-password-policy.md). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, { error: `use at least ${PASSWORD_MIN_LENGTH} characters` }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: `use at most ${PASSWORD_MAX_LENGTH} characters` }),
    z.regex(/[a-z]/, { error: 'add a lower-case letter' }),
    z.regex(/[A-Z]/, { error: 'add an upper-case letter' }),
    z.regex(/[0-9]/, { error: 'add a digit' }),
  );

export const UserRoleSchema = z.object({ roleName: RoleNameSchema });

export const SessionSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  accessToken: z.string(),
  accessTokenExpires: z.string(),
  /** Seconds until the access token expires (spec 3 "access token expiry-in"). */
  accessTokenExpiresIn: z.int(),
  refreshTokenExpires: z.string(),
  expires: z.string(),
  userRoles: z.array(UserRoleSchema),
  firstLogin: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
/** No session: an empty object, as the NextAuth-style session client expects. */
export const SessionAnswerSchema = z.union([SessionSchema, z.strictObject({})]);

export const CsrfAnswerSchema = z.object({ csrfToken: z.string() });

export const CredentialsFormSchema = z.object({
  csrfToken: z.string().check(z.minLength(1, { error: 'missing csrf token' })),
  callbackUrl: z.optional(z.string()),
  email: EmailSchema,
  password: z.string().check(z.minLength(1, { error: 'enter your password' }), z.maxLength(PASSWORD_MAX_LENGTH)),
  json: z.optional(z.string()),
});
export const SignOutFormSchema = z.object({ csrfToken: z.string().check(z.minLength(1)), callbackUrl: z.optional(z.string()), json: z.optional(z.string()) });
/** `twoStep`: the password is right and the sign-in needs the code of the user's app next (decision 0271). */
export const RedirectAnswerSchema = z.object({ url: z.string(), twoStep: z.optional(z.boolean()) });

export const ProvidersAnswerSchema = z.record(
  z.string(),
  z.object({ id: z.string(), name: z.string(), type: z.string(), signinUrl: z.string(), callbackUrl: z.string() }),
);

export const SessionUpdateSchema = z.object({ data: z.optional(z.object({ firstLogin: z.optional(z.literal(false)) })) });

const CLIENT_LOG_METADATA_LIMIT = 4000;
export const ClientLogSchema = z.object({
  level: z._default(z.enum(['error', 'warn', 'debug']), 'error'),
  code: z.string().check(z.maxLength(100)),
  message: z.optional(z.string().check(z.maxLength(4000))),
  // Bounded like the message: the endpoint is open to anyone, and what it gets goes into the server's log (decision 0346).
  metadata: z.optional(
    z.unknown().check(
      z.refine((value: unknown) => (JSON.stringify(value) ?? '').length <= CLIENT_LOG_METADATA_LIMIT, {
        message: `metadata is at most ${CLIENT_LOG_METADATA_LIMIT} characters of JSON`,
      }),
    ),
  ),
});
/** Client log lines one address may send per minute; more is a 429. */
export const CLIENT_LOG_LINES_PER_MINUTE = 30;
export const EmptyAnswerSchema = z.strictObject({});

export const authEndpoints = endpointTable([
  defineEndpoint({
    id: 'getSession',
    method: 'GET',
    path: `${AUTH_BASE}/session`,
    summary: 'The current session, refreshed when the access token is near expiry; {} when signed out',
    access: 'public',
    response: SessionAnswerSchema,
  }),
  defineEndpoint({
    id: 'updateSession',
    method: 'POST',
    path: `${AUTH_BASE}/session`,
    summary: 'Refresh the session now; with data.firstLogin=false clears the first-login flag',
    access: 'public',
    body: SessionUpdateSchema,
    response: SessionAnswerSchema,
  }),
  defineEndpoint({
    id: 'getCsrf',
    method: 'GET',
    path: `${AUTH_BASE}/csrf`,
    summary: 'A csrf token for the form-encoded posts (double-submit cookie)',
    access: 'public',
    response: CsrfAnswerSchema,
  }),
  defineEndpoint({
    id: 'getProviders',
    method: 'GET',
    path: `${AUTH_BASE}/providers`,
    summary: 'Sign-in providers',
    access: 'public',
    response: ProvidersAnswerSchema,
  }),
  defineEndpoint({
    id: 'signIn',
    method: 'POST',
    path: `${AUTH_BASE}/signin/{provider}`,
    summary: 'Sign in with e-mail and password (form-encoded, csrf-checked)',
    access: 'public',
    params: z.object({ provider: z.literal('credentials') }),
    bodyType: 'form',
    body: CredentialsFormSchema,
    response: RedirectAnswerSchema,
  }),
  defineEndpoint({
    id: 'signInCallback',
    method: 'POST',
    path: `${AUTH_BASE}/callback/{provider}`,
    summary: 'Sign in with e-mail and password (form-encoded, csrf-checked)',
    access: 'public',
    params: z.object({ provider: z.literal('credentials') }),
    bodyType: 'form',
    body: CredentialsFormSchema,
    response: RedirectAnswerSchema,
  }),
  defineEndpoint({
    id: 'signOut',
    method: 'POST',
    path: `${AUTH_BASE}/signout`,
    summary: 'End the session on the server and clear the cookies',
    access: 'public',
    bodyType: 'form',
    body: SignOutFormSchema,
    response: RedirectAnswerSchema,
  }),
  defineEndpoint({
    id: 'clientLog',
    method: 'POST',
    path: `${AUTH_BASE}/_log`,
    summary: 'Client-side log line (CLIENT_FETCH_ERROR, CLIENT_SESSION_ERROR...)',
    access: 'public',
    body: ClientLogSchema,
    response: EmptyAnswerSchema,
  }),
]);

// ---- Identity ----

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ForgotPasswordAnswerSchema = z.object({ message: z.string() });
export const ResetPasswordBodySchema = z.object({ token: z.string().check(z.minLength(1, { error: 'the link is incomplete' })), password: PasswordSchema });
export const ValidateBodySchema = z.object({ token: z.string().check(z.minLength(1)), purpose: z._default(z.enum(['access', 'password-reset']), 'access') });
export const ValidateAnswerSchema = z.object({ valid: z.boolean(), userId: z.optional(z.string()), expiresAt: z.optional(z.string()) });

export const IdentityUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstLogin: z.boolean(),
  merchantGroupId: z.nullable(z.string()),
  userRoles: z.array(UserRoleSchema),
  userPermissions: z.array(UserPermissionSchema),
});
export type IdentityUser = z.infer<typeof IdentityUserSchema>;

export const identityEndpoints = endpointTable([
  defineEndpoint({
    id: 'forgotPassword',
    method: 'POST',
    path: `${IDENTITY_BASE}/v2/auth/{tenant}/forgot-password`,
    summary: 'Send a one-time reset link; same answer whether or not the address exists',
    access: 'public',
    params: z.object({ tenant: z.literal(TENANT) }),
    body: ForgotPasswordBodySchema,
    response: ForgotPasswordAnswerSchema,
    successStatus: 202,
  }),
  defineEndpoint({
    id: 'resetPassword',
    method: 'POST',
    path: `${IDENTITY_BASE}/v2/auth/{tenant}/reset-password`,
    summary: 'Set a new password with a one-time reset token',
    access: 'public',
    params: z.object({ tenant: z.literal(TENANT) }),
    body: ResetPasswordBodySchema,
    response: EmptyAnswerSchema,
  }),
  defineEndpoint({
    id: 'validateToken',
    method: 'POST',
    path: `${IDENTITY_BASE}/v2/auth/validate`,
    summary: 'Whether an access token or a password-reset token is valid',
    access: 'public',
    body: ValidateBodySchema,
    response: ValidateAnswerSchema,
  }),
  defineEndpoint({
    id: 'getIdentityUser',
    method: 'GET',
    path: `${IDENTITY_BASE}/v1/users/{id}`,
    summary: 'A user with roles and permissions (self, or Users:Read)',
    access: 'session',
    params: z.object({ id: z.uuid() }),
    response: IdentityUserSchema,
  }),
]);
