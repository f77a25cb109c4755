// zod/mini: the session's user reads are on the sign-in path (decision 0331).
import { z } from 'zod/mini';
import { defineEndpoint, endpointTable } from './endpoint';
import { OnboardingStatusSchema } from './onboarding-status';
import { MERCHANT_API } from './product';

// Spec 7 "Users and fees": the two user reads the session flow needs (spec 4 "Auth": profile by
// userId, then merchant user info by userId). How they map onto the spec's `/users/{id}` and
// `/users/merchant/{id}`: docs/decisions/0100-user-profile-and-merchant-user-info.md.

export const UserIdParamsSchema = z.object({ id: z.uuid({ error: 'the user id must be a uuid' }) });

export const UserProfileSchema = z.object({
  user: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** The merchant group a user belongs to; the group fields are null for provider staff. */
export const MerchantUserInfoSchema = z.object({
  userId: z.string(),
  merchantGroupId: z.nullable(z.string()),
  merchantGroupName: z.nullable(z.string()),
  merchantGroupStatus: z.nullable(OnboardingStatusSchema),
});
export type MerchantUserInfo = z.infer<typeof MerchantUserInfoSchema>;

export const userEndpoints = endpointTable([
  defineEndpoint({
    id: 'getUserProfile',
    method: 'GET',
    path: `${MERCHANT_API}/users/{id}`,
    summary: "A user's profile (name, e-mail): yourself, or with Read on Users a user in your scope",
    access: 'session',
    objectRule: { own: 'your own', others: { resource: 'Users', action: 'Read' } },
    params: UserIdParamsSchema,
    response: UserProfileSchema,
  }),
  defineEndpoint({
    id: 'getMerchantUserInfo',
    method: 'GET',
    path: `${MERCHANT_API}/users/merchant/{id}`,
    summary: 'The merchant group of a user, by userId: yourself, or with Read on Users a user in your scope',
    access: 'session',
    objectRule: { own: 'your own', others: { resource: 'Users', action: 'Read' } },
    params: UserIdParamsSchema,
    response: MerchantUserInfoSchema,
  }),
]);
