import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { AUTH_BASE, IDENTITY_BASE, TENANT } from './product';
import { RoleNameSchema, UserPermissionSchema } from './roles';

// Spec 7 "Session client" and "Auth/identity"; architecture.md "API surface".

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'enter a valid e-mail address' }));

/** Password policy (docs/decisions/0003-password-policy.md). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `use at most ${PASSWORD_MAX_LENGTH} characters` })
  .regex(/[a-z]/, { message: 'add a lower-case letter' })
  .regex(/[A-Z]/, { message: 'add an upper-case letter' })
  .regex(/[0-9]/, { message: 'add a digit' });

export const UserRoleSchema = z.object({ roleName: RoleNameSchema });

export const SessionSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  accessToken: z.string(),
  accessTokenExpires: z.string(),
  /** Seconds until the access token expires (spec 3 "access token expiry-in"). */
  accessTokenExpiresIn: z.number().int(),
  refreshTokenExpires: z.string(),
  expires: z.string(),
  userRoles: z.array(UserRoleSchema),
  firstLogin: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
/** No session: an empty object, as the NextAuth-style session client expects. */
export const SessionAnswerSchema = z.union([SessionSchema, z.object({}).strict()]);

export const CsrfAnswerSchema = z.object({ csrfToken: z.string() });

export const CredentialsFormSchema = z.object({
  csrfToken: z.string().min(1, { message: 'missing csrf token' }),
  callbackUrl: z.string().optional(),
  email: EmailSchema,
  password: z.string().min(1, { message: 'enter your password' }).max(PASSWORD_MAX_LENGTH),
  json: z.string().optional(),
});
export const SignOutFormSchema = z.object({ csrfToken: z.string().min(1), callbackUrl: z.string().optional(), json: z.string().optional() });
/** `twoStep`: the password is right and the sign-in needs the code of the user's app next (decision 0271). */
export const RedirectAnswerSchema = z.object({ url: z.string(), twoStep: z.boolean().optional() });

export const ProvidersAnswerSchema = z.record(
  z.string(),
  z.object({ id: z.string(), name: z.string(), type: z.string(), signinUrl: z.string(), callbackUrl: z.string() }),
);

export const SessionUpdateSchema = z.object({ data: z.object({ firstLogin: z.literal(false).optional() }).optional() });

export const ClientLogSchema = z.object({
  level: z.enum(['error', 'warn', 'debug']).default('error'),
  code: z.string().max(100),
  message: z.string().max(4000).optional(),
  metadata: z.unknown().optional(),
});
export const EmptyAnswerSchema = z.object({}).strict();

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
export const ResetPasswordBodySchema = z.object({ token: z.string().min(1, { message: 'the link is incomplete' }), password: PasswordSchema });
export const ValidateBodySchema = z.object({ token: z.string().min(1), purpose: z.enum(['access', 'password-reset']).default('access') });
export const ValidateAnswerSchema = z.object({ valid: z.boolean(), userId: z.string().optional(), expiresAt: z.string().optional() });

export const IdentityUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstLogin: z.boolean(),
  merchantGroupId: z.string().nullable(),
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
