import { z } from 'zod';
import { defineEndpoint, endpointTable, type Endpoint } from './endpoint';
import { CHARGE_CATEGORIES, PAYMENT_TYPES } from './settings/payment';
import { BACKOFFICE_API } from './product';
import type { OnboardingStatus } from './onboarding-status';
import { PropertyStatusSchema, type PropertyStatus } from './properties';

// What the caller may do (issue 32, decision 0410): one answer from the server, computed by the same
// checks it enforces, that every screen asks before it offers an action. A capability is the name of
// a contract call (`createPaymentLink`, `createProperty`, `approveRefundRequest`, ...): the caller
// may make that call. Page access (the spec's exact-match route rule) stays the route guard's.

/** Whether an answer lists this call: `may(answer.may, paymentLinkEndpoints.createPaymentLink)`. */
export function mayCall(may: readonly string[] | undefined, endpoint: Pick<Endpoint, 'id'>): boolean {
  return may?.includes(endpoint.id) ?? false;
}

/**
 * The property statuses that take new money (links, guest payments): only Active (decision 0346).
 * An Inactive property still finishes what it started: captures or voids a hold and refunds a payment
 * (decision 0410); a property in onboarding has nothing to finish.
 */
export const TAKES_MONEY: readonly PropertyStatus[] = ['Active'];
export const FINISHES_PAYMENTS: readonly PropertyStatus[] = ['Active', 'Inactive'];

/** Why a property call the role holds is still not open on this property. */
export const PropertyBlockSchema = z.enum(['notActive', 'inactive']);
export type PropertyBlock = z.infer<typeof PropertyBlockSchema>;

export const PropertyCapabilitiesSchema = z.object({
  merchantId: z.uuid(),
  name: z.string(),
  status: PropertyStatusSchema,
  merchantGroupId: z.uuid(),
  groupName: z.string(),
  /** The calls the caller may make on this property (scope, grants, the group's and the property's status). */
  may: z.array(z.string()),
  /** Why the property takes no new money, when it does not: the screens say it before any form. */
  moneyBlocked: PropertyBlockSchema.nullable(),
  /** Whether holds and payments already taken can still be captured, voided or refunded here. */
  finishesPayments: z.boolean(),
  /** What the property's payment settings let a link ask for. */
  paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
  chargeCategories: z.array(z.enum(CHARGE_CATEGORIES)),
  currencies: z.array(z.string()),
});
export type PropertyCapabilities = z.infer<typeof PropertyCapabilitiesSchema>;

/**
 * The merchant groups that take no new property (decision 0481): a deleted group, and an application closed for good
 * (Rejected, Expired: a new application is a new group, decision 0140). Every other status takes one.
 */
export const GROUPS_CLOSED_TO_NEW_PROPERTIES: readonly OnboardingStatus[] = ['Deleted', 'Rejected', 'Expired'];

export const PropertyGroupSchema = z.object({
  merchantGroupId: z.uuid(),
  name: z.string(),
  /**
   * What a new property of the group starts with in the add-property wizard's first step (issue 34: not a fixed
   * place; decision 0542): the group's settlement currency, else the one most of its properties use, else EUR; the
   * group's own time zone in its country (its location settings', else the one most of its properties keep), else the
   * country's one zone or its principal zone (contract/country-time-zones.ts, decision 0560); never a zone outside the
   * country. Only a group without a known country falls back to Europe/London.
   */
  startsWith: z.object({ currency: z.string(), timezone: z.string() }),
});
export type PropertyGroup = z.infer<typeof PropertyGroupSchema>;

export const CapabilitiesSchema = z.object({
  /** The calls the caller may make anywhere in their scope. */
  may: z.array(z.string()),
  /**
   * How many groups the caller may add a property in (`createProperty`): provider staff every group open to new
   * properties, a merchant-side user their own group while it is open; none without the grant. Which ones, with what a
   * new property starts with there, is `searchAddPropertyGroups` (decision 0714).
   */
  addPropertyGroupCount: z.number().int(),
  /** With `merchantId`: what the caller may do on that property (404 when it is outside their scope). */
  property: PropertyCapabilitiesSchema.nullable(),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

export const WorkablePropertySchema = z.object({
  merchantId: z.uuid(),
  name: z.string(),
  status: PropertyStatusSchema,
  groupName: z.string(),
});
export type WorkableProperty = z.infer<typeof WorkablePropertySchema>;
export const WORKABLE_PROPERTIES_LIMIT = 20;
/** How many groups one answer of `searchAddPropertyGroups` names: the add-property form's choice, narrowed by a search. */
export const ADD_PROPERTY_GROUPS_LIMIT = 20;

export const capabilityEndpoints = endpointTable([
  defineEndpoint({
    id: 'getCapabilities',
    method: 'GET',
    path: `${BACKOFFICE_API}/capabilities`,
    summary: 'What the caller may do: the calls they may make, and with merchantId, what they may do on that property',
    access: 'session',
    query: z.object({ merchantId: z.uuid().optional() }),
    response: CapabilitiesSchema,
  }),
  defineEndpoint({
    id: 'searchWorkableProperties',
    method: 'GET',
    path: `${BACKOFFICE_API}/capabilities/properties`,
    summary: 'The properties the caller may act on (their scope), by name, for those without a property switcher',
    access: 'session',
    query: z.object({ search: z.string().max(100).optional() }),
    response: z.object({ items: z.array(WorkablePropertySchema), total: z.number().int() }),
  }),
  defineEndpoint({
    id: 'searchAddPropertyGroups',
    method: 'GET',
    path: `${BACKOFFICE_API}/capabilities/add-property-groups`,
    summary:
      'The groups in which the caller may add a property, by name, with what a new property starts with in each: ' +
      `the first ${ADD_PROPERTY_GROUPS_LIMIT} whose name holds the search, and how many there are`,
    access: 'session',
    query: z.object({ search: z.string().max(100).optional() }),
    response: z.object({ items: z.array(PropertyGroupSchema), total: z.number().int() }),
  }),
]);
