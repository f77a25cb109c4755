import { z } from 'zod';
import { defineEndpoint, endpointTable } from './endpoint';
import { DateBoundSchema, PagedSchema, PaginationSchema } from './transactions';
import { MERCHANT_API } from './product';
import { CreatePropertyBodySchema, PropertyActionSchema, PropertyFlagSchema, PropertyInfoSchema, PropertyTransitionBodySchema } from './property-lifecycle';
import { PROPERTY_PAGES } from './settings/pages';
import { safeText } from './text';
import { refuseInvertedRanges } from './ranges';

// Spec 7 "Answers and errors": the merchant's property list (by userId) and the property status
// list, which the active-property statechart needs (spec 4). Both are scoped to the caller
// (docs/decisions/0112-property-list-endpoints.md).

export const PROPERTY_STATUSES = ['Created', 'NotOnboarded', 'PendingReview', 'FeeSetup', 'Active', 'Inactive', 'ResubmissionRequired'] as const;
export const PropertyStatusSchema = z.enum(PROPERTY_STATUSES);
export type PropertyStatus = z.infer<typeof PropertyStatusSchema>;
/** The 409 detail of a guest's payment link whose property is Inactive: the guest page shows the inactive-property page on it. */
export const PROPERTY_INACTIVE_DETAIL = 'this property is inactive: its payment links take no payments';
/** A property the provider has not made Active (in review, awaiting its fees, ...) takes no payments yet (decision 0346). */
export const PROPERTY_NOT_ACTIVE_DETAIL = 'this property is not active yet: it takes payments once the provider has reviewed it and set its fees';
export const GUEST_PROPERTY_NOT_ACTIVE_DETAIL = 'this hotel does not take payments through this link yet';

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

// Spec 2 "/properties" and spec 3's property table: the list, its hidden-by-default columns, the overview.

export const PROPERTY_COLUMNS = [
  { id: 'name', labelKey: 'properties.columns.name', sortable: true },
  { id: 'status', labelKey: 'properties.columns.status', sortable: true },
  { id: 'merchantGroupName', labelKey: 'properties.columns.merchantGroupName', sortable: true },
  { id: 'city', labelKey: 'properties.columns.city', sortable: true },
  { id: 'createdAt', labelKey: 'properties.columns.createdAt', sortable: true },
  { id: 'propertyType', labelKey: 'properties.columns.propertyType', sortable: false },
  { id: 'latitude', labelKey: 'properties.columns.latitude', sortable: false },
  { id: 'longitude', labelKey: 'properties.columns.longitude', sortable: false },
  { id: 'postCode', labelKey: 'properties.columns.postCode', sortable: false },
  { id: 'checkinTime', labelKey: 'properties.columns.checkinTime', sortable: false },
  { id: 'checkoutTime', labelKey: 'properties.columns.checkoutTime', sortable: false },
  { id: 'active', labelKey: 'properties.columns.active', sortable: false },
] as const;
export type PropertyColumnId = (typeof PROPERTY_COLUMNS)[number]['id'];
/** Spec 3: the property table's hidden-column flags; the chooser shows them on demand. */
export const PROPERTY_HIDDEN_COLUMNS: PropertyColumnId[] = ['propertyType', 'latitude', 'longitude', 'postCode', 'checkinTime', 'checkoutTime', 'active'];
const SORTABLE = ['name', 'status', 'merchantGroupName', 'city', 'createdAt'] as const;
export const PROPERTY_SORTABLE_COLUMNS: readonly string[] = SORTABLE;

export const PropertyFilterSchema = z
  .object({
    statuses: z.array(PropertyStatusSchema).max(PROPERTY_STATUSES.length).optional(),
    merchantGroupIds: z.array(z.uuid()).max(100).optional(),
    /** Part of the property's, its group's or its city's name (case-insensitive). */
    search: safeText().trim().min(1).max(100).optional(),
    createdFrom: DateBoundSchema.optional(),
    createdTo: DateBoundSchema.optional(),
  })
  // An inverted range matches nothing; the caller is told which bound to change (decision 0525).
  .superRefine(refuseInvertedRanges({ from: 'createdFrom', to: 'createdTo', kind: 'dates' }));
export type PropertyFilter = z.infer<typeof PropertyFilterSchema>;

export const PropertySearchBodySchema = z.object({
  filters: PropertyFilterSchema.default({}),
  sorting: z
    .array(z.object({ id: z.enum(SORTABLE, { message: 'this column cannot be sorted' }), desc: z.boolean().default(false) }))
    .max(3)
    .default([]),
  pagination: PaginationSchema.default({ page: 0, pageSize: 25 }),
});
export type PropertySearchBody = z.input<typeof PropertySearchBodySchema>;

export const PropertyRowSchema = z.object({
  merchantId: z.uuid(),
  merchantGroupId: z.uuid(),
  merchantGroupName: z.string(),
  name: z.string(),
  status: PropertyStatusSchema,
  city: z.string().nullable(),
  createdAt: z.string(),
  propertyType: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  postCode: z.string().nullable(),
  checkinTime: z.string().nullable(),
  checkoutTime: z.string().nullable(),
  active: z.boolean(),
  currency: z.string(),
  timezone: z.string(),
});
export type PropertyRow = z.infer<typeof PropertyRowSchema>;
export const PropertySearchAnswerSchema = PagedSchema(PropertyRowSchema);

/** What the property needs next, as the overview says it (one key per situation). */
export const PROPERTY_NEXT_STEPS = ['finishWizard', 'submit', 'awaitReview', 'review', 'fixFlagged', 'setFees', 'activate', 'none', 'inactive'] as const;
export const PropertyNextStepSchema = z.enum(PROPERTY_NEXT_STEPS);

export const PropertyOverviewSchema = PropertyRowSchema.extend({
  statusChangedAt: z.string(),
  /** Lifecycle actions this caller may take now (status x facts x role). */
  allowedActions: z.array(PropertyActionSchema),
  nextStep: PropertyNextStepSchema,
  hasFees: z.boolean(),
  /** Resubmission reasons of the latest review, per field or page. */
  flags: z.array(PropertyFlagSchema),
  /** Settings at a glance: each page, and whether the property has its own, inherits the group's, or has none. */
  settings: z.array(z.object({ page: z.enum(PROPERTY_PAGES), source: z.enum(['property', 'group', 'none']) })),
  users: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string(), roles: z.array(z.string()) })),
  activity: z.array(z.object({ at: z.string(), action: z.string(), actor: z.string().nullable(), detail: z.record(z.string(), z.unknown()) })),
});
export type PropertyOverview = z.infer<typeof PropertyOverviewSchema>;

const PropertyIdParams = z.object({ id: z.uuid({ message: 'not a property id' }) });

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
  defineEndpoint({
    id: 'searchProperties',
    method: 'POST',
    path: `${MERCHANT_API}/properties/search`,
    summary: 'The properties table: the properties the caller may see, filtered, sorted and paged',
    access: { resource: 'Properties', action: 'Read' },
    body: PropertySearchBodySchema,
    response: PropertySearchAnswerSchema,
    merchantHeader: true,
  }),
  defineEndpoint({
    id: 'getPropertyOverview',
    method: 'GET',
    path: `${MERCHANT_API}/properties/{id}/overview`,
    summary: 'One property: status, what it needs next, the actions the caller may take, settings at a glance, users, recent activity',
    access: { resource: 'Properties', action: 'Read' },
    params: PropertyIdParams,
    response: PropertyOverviewSchema,
  }),
  defineEndpoint({
    id: 'transitionProperty',
    method: 'POST',
    path: `${MERCHANT_API}/properties/{id}/lifecycle`,
    summary:
      'A lifecycle action (complete, submit, requestResubmission with reasons per field, approve, activate once fees are set, deactivate/reactivate with confirmation); 409 when the lifecycle forbids it',
    access: { resource: 'Properties', action: 'Update' },
    params: PropertyIdParams,
    body: PropertyTransitionBodySchema,
    response: PropertyOverviewSchema,
  }),
  defineEndpoint({
    id: 'createProperty',
    method: 'POST',
    path: `${MERCHANT_API}/properties`,
    summary: "The add-property wizard's first step: a new property (status Created) in the caller's group, or the group named by provider staff",
    access: { resource: 'Properties', action: 'Insert' },
    body: CreatePropertyBodySchema,
    response: PropertyOverviewSchema,
    successStatus: 201,
  }),
  defineEndpoint({
    id: 'updatePropertyInfo',
    method: 'PUT',
    path: `${MERCHANT_API}/properties/{id}/info`,
    summary: "The property's information; while sent back for resubmission only the fields named in the reasons; 409 while in review",
    access: { resource: 'Properties', action: 'Update' },
    params: PropertyIdParams,
    body: PropertyInfoSchema,
    response: PropertyOverviewSchema,
  }),
]);
