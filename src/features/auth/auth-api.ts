import { authEndpoints, identityEndpoints } from '../../../contract/auth';
import { TENANT } from '../../../contract/product';
import { call } from '../../lib/api-client';

// The calls of the public screens (spec 7 "Session client" and "Auth/identity").
const { getCsrf, signInCallback } = authEndpoints;
const { forgotPassword: forgotPasswordEndpoint, resetPassword: resetPasswordEndpoint, validateToken: validateTokenEndpoint } = identityEndpoints;

/** Csrf token first (double-submit cookie), then the form-encoded credentials post; `twoStep` when the app's code comes next. */
export async function signInWithCredentials(email: string, password: string, callbackUrl: string): Promise<{ twoStep: boolean }> {
  const { csrfToken } = await call(getCsrf);
  const answer = await call(signInCallback, { params: { provider: 'credentials' }, body: { csrfToken, email, password, callbackUrl, json: 'true' } });
  return { twoStep: answer.twoStep === true };
}

export async function requestPasswordReset(email: string): Promise<void> {
  await call(forgotPasswordEndpoint, { params: { tenant: TENANT }, body: { email } });
}

export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!token) return false;
  const answer = await call(validateTokenEndpoint, { body: { token, purpose: 'password-reset' } });
  return answer.valid;
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await call(resetPasswordEndpoint, { params: { tenant: TENANT }, body: { token, password } });
}
