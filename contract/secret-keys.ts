import { z } from 'zod';
import { whenMissing } from './zod-messages';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';
import { safeText } from './text';

// Spec 2 secret-keys page: API keys of a property for its integrations (issue 18, decision 0262).
// A key is shown once when made; the server keeps only its hash. A call with
// `Authorization: Bearer <key>` acts as the property's APIUser, for that property only.

export const SECRET_KEY_PREFIX = 'folio_sk_';
/** The longest a rotated key keeps working beside its successor. */
export const MAX_ROTATION_OVERLAP_HOURS = 24 * 7;

export const SecretKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never enough to use it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type SecretKey = z.infer<typeof SecretKeySchema>;
export const NewSecretKeySchema = SecretKeySchema.extend({ key: z.string() });

const Params = z.object({ id: z.uuid({ message: 'not a property id' }) });
const KeyParams = Params.extend({ keyId: z.uuid({ message: 'not a key id' }) });
export const SecretKeyNameSchema = safeText(undefined, { error: whenMissing('name the key') })
  .trim()
  .min(2, { message: 'name the key' })
  .max(80);

export const secretKeyEndpoints = endpointTable([
  defineEndpoint({
    id: 'listSecretKeys',
    method: 'GET',
    path: `${MERCHANT_API}/properties/{id}/secret-keys`,
    summary: "A property's API keys: names, prefixes and times; never the keys",
    access: { resource: 'Properties', action: 'Update' },
    params: Params,
    response: z.array(SecretKeySchema),
  }),
  defineEndpoint({
    id: 'createSecretKey',
    method: 'POST',
    path: `${MERCHANT_API}/properties/{id}/secret-keys`,
    summary: 'A new API key for the property, answered once',
    access: { resource: 'Properties', action: 'Update' },
    params: Params,
    body: z.object({ name: SecretKeyNameSchema }),
    response: NewSecretKeySchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'rotateSecretKey',
    method: 'POST',
    path: `${MERCHANT_API}/properties/{id}/secret-keys/{keyId}/rotate`,
    summary: 'A successor key answered once; the old key keeps working for the overlap, then stops',
    access: { resource: 'Properties', action: 'Update' },
    params: KeyParams,
    body: z.object({ overlapHours: z.number().int().min(0).max(MAX_ROTATION_OVERLAP_HOURS).default(24) }),
    response: NewSecretKeySchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'revokeSecretKey',
    method: 'POST',
    path: `${MERCHANT_API}/properties/{id}/secret-keys/{keyId}/revoke`,
    summary: 'Revokes a key at once',
    access: { resource: 'Properties', action: 'Update' },
    params: KeyParams,
    response: SecretKeySchema,
  }),
]);
