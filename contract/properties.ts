import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { MERCHANT_API } from './product';

// Spec 7 "Answers and errors": the merchant's property list (by userId) and the property status
// list, which the active-property statechart needs (spec 4). Both are scoped to the caller
// (docs/decisions/0112-property-list-endpoints.md).

export const PROPERTY_STATUSES = ['Created', 'NotOnboarded', 'PendingReview', 'FeeSetup', 'Active', 'Inactive', 'ResubmissionRequired'] as const;
export const PropertyStatusSchema = z.enum(PROPERTY_STATUSES);
export type PropertyStatus = z.infer<typeof PropertyStatusSchema>;

export const ScopedPropertySchema = z.object({
  merchantId: z.uuid(),
  merchantGroupId: z.uuid(),
  name: z.string(),
  currency: z.string(),
});
export type ScopedProperty = z.infer<typeof ScopedPropertySchema>;
export const ScopedPropertiesAnswerSchema = z.array(ScopedPropertySchema);

export const PropertyStatusesBodySchema = z.object({
  /** Only these properties; all the caller may see when absent. */
  merchantIds: z.array(z.uuid()).max(500).optional(),
});
export const PropertyStatusEntrySchema = z.object({ merchantId: z.uuid(), status: PropertyStatusSchema });
export type PropertyStatusEntry = z.infer<typeof PropertyStatusEntrySchema>;
export const PropertyStatusesAnswerSchema = z.array(PropertyStatusEntrySchema);

export const propertyEndpoints = endpointTable([
  defineEndpoint({
    id: 'getUserScopeProperties',
    method: 'GET',
    path: `${MERCHANT_API}/merchant-scopes/{id}/properties`,
    summary: 'The properties a user works on, in list order (id = userId; yourself, or a user of a group you may see)',
    access: { resource: 'MerchantScopes', action: 'Read' },
    params: z.object({ id: z.uuid() }),
    response: ScopedPropertiesAnswerSchema,
  }),
  defineEndpoint({
    id: 'getPropertyStatuses',
    method: 'POST',
    path: `${MERCHANT_API}/merchants/status`,
    summary: 'The status of each property the caller may see (optionally only the ones named)',
    access: { resource: 'MerchantScopes', action: 'Read' },
    body: PropertyStatusesBodySchema,
    response: PropertyStatusesAnswerSchema,
  }),
]);
