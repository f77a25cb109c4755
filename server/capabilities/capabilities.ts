import {
  ADD_PROPERTY_GROUPS_LIMIT,
  FINISHES_PAYMENTS,
  GROUPS_CLOSED_TO_NEW_PROPERTIES,
  TAKES_MONEY,
  type Capabilities,
  type PropertyBlock,
  type PropertyCapabilities,
  type PropertyGroup,
} from '../../contract/capabilities';
import { endpoints } from '../../contract/endpoints';
import { paymentEndpoints, type OrderPaymentAction } from '../../contract/payments';
import { paymentLinkEndpoints } from '../../contract/payment-links';
import { PROPERTY_INACTIVE_DETAIL, PROPERTY_NOT_ACTIVE_DETAIL, propertyEndpoints, type PropertyStatus } from '../../contract/properties';
import { refundEndpoints } from '../../contract/refunds';
import { PAYMENT_DEFAULTS, type PaymentSettings } from '../../contract/settings/payment';
import { can, canSeeMerchant, isProviderStaff, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import { problems } from '../http/problem';
import { propertyCheckout } from '../payment-links/property-checkout';
import { readSettings } from '../settings/settings-store';

// What a caller may do (decision 0410), from the checks the server enforces: `can` is the very check
// every endpoint runs before its handler (server/http/route.ts), and the property rules below are the
// ones the handlers of those calls apply (payment-link-routes.ts refuses a link on a property that
// takes no money). A screen asks this answer before it offers an action; the server decides again.

/** The calls the caller may make: every signed-in call, and each guarded one whose grant and group status they hold. */
export function callableEndpoints(caller: Caller): string[] {
  return endpoints
    .filter((endpoint) => endpoint.access === 'session' || (endpoint.access !== 'public' && can(caller, endpoint.access.resource, endpoint.access.action)))
    .map((endpoint) => endpoint.id);
}

/** Calls that take new money from a guest: only a property in TAKES_MONEY. */
const NEW_MONEY: readonly string[] = [paymentLinkEndpoints.createPaymentLink.id, paymentEndpoints.authorizeOrder.id];
/** Calls that finish a payment already taken (capture or void a hold, cancel, refund): open while the property FINISHES_PAYMENTS. */
const FINISHING: readonly string[] = [
  paymentEndpoints.captureAuthorization.id,
  paymentEndpoints.voidAuthorization.id,
  paymentEndpoints.cancelOrder.id,
  refundEndpoints.createRefundRequest.id,
  refundEndpoints.approveRefundRequest.id,
];

/** The call each order action makes, so an order's actions follow the same property rule as the calls. */
export const ORDER_ACTION_CALLS: Record<OrderPaymentAction, string> = {
  authorize: paymentEndpoints.authorizeOrder.id,
  capture: paymentEndpoints.captureAuthorization.id,
  void: paymentEndpoints.voidAuthorization.id,
  cancel: paymentEndpoints.cancelOrder.id,
  updateReferenceNo: paymentEndpoints.updateReferenceNo.id,
};

/** Refuses (409) an order action its property's status closes: no new money from an Inactive property (decision 0410). */
export function refuseClosedByProperty(action: OrderPaymentAction, status: PropertyStatus): void {
  if (propertyStatusOpens(ORDER_ACTION_CALLS[action], status)) return;
  throw problems.conflict(status === 'Inactive' ? PROPERTY_INACTIVE_DETAIL : PROPERTY_NOT_ACTIVE_DETAIL);
}

export function moneyBlockOf(status: PropertyStatus): PropertyBlock | null {
  if (TAKES_MONEY.includes(status)) return null;
  return status === 'Inactive' ? 'inactive' : 'notActive';
}

/** Whether this call is open on a property of this status (the property half of the rule). */
export function propertyStatusOpens(endpointId: string, status: PropertyStatus): boolean {
  if (NEW_MONEY.includes(endpointId)) return TAKES_MONEY.includes(status);
  if (FINISHING.includes(endpointId)) return FINISHES_PAYMENTS.includes(status);
  return true;
}

/** The property's payment settings (its own, else its group's, else the defaults): what a link may ask for. */
export async function paymentSettingsOf(db: Db, merchantGroupId: string, merchantId: string): Promise<PaymentSettings> {
  const answer = await readSettings(db, merchantGroupId, 'payment', merchantId);
  return { ...PAYMENT_DEFAULTS, ...(answer.values as Partial<PaymentSettings>) };
}

export async function propertyCapabilities(db: Db, caller: Caller, merchantId: string, callable: readonly string[]): Promise<PropertyCapabilities> {
  if (!canSeeMerchant(caller, merchantId)) throw problems.notFound('no such property');
  const row = await db
    .selectFrom('merchants')
    .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
    .select(['merchants.id', 'merchants.name', 'merchants.status', 'merchants.merchant_group_id', 'merchant_groups.name as group_name'])
    .where('merchants.id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw problems.notFound('no such property');
  const status = row.status as PropertyStatus;
  const [checkout, settings] = await Promise.all([propertyCheckout(db, row.id), paymentSettingsOf(db, row.merchant_group_id, row.id)]);
  return {
    merchantId: row.id,
    name: row.name,
    status,
    merchantGroupId: row.merchant_group_id,
    groupName: row.group_name,
    may: callable.filter((id) => propertyStatusOpens(id, status)),
    moneyBlocked: moneyBlockOf(status),
    finishesPayments: FINISHES_PAYMENTS.includes(status),
    paymentTypes: settings.paymentTypes,
    chargeCategories: settings.chargeCategories,
    currencies: checkout?.currencies ?? [],
  };
}

/**
 * The groups in which the caller may add a property, by the rule `createProperty` enforces (property-info.ts): the
 * grant, then provider staff any group open to new properties, a merchant-side user their own while it is open.
 */
export async function addPropertyGroups(db: Db, caller: Caller, callable: readonly string[]): Promise<PropertyGroup[]> {
  if (!callable.includes(propertyEndpoints.createProperty.id)) return [];
  if (!isProviderStaff(caller) && !caller.merchantGroupId) return [];
  let rows = db
    .selectFrom('merchant_groups')
    .select(['id', 'name'])
    .where('status', 'not in', [...GROUPS_CLOSED_TO_NEW_PROPERTIES]);
  if (!isProviderStaff(caller)) rows = rows.where('id', '=', caller.merchantGroupId!);
  const groups = await rows.orderBy('name').orderBy('id').limit(ADD_PROPERTY_GROUPS_LIMIT).execute();
  return groups.map((group) => ({ merchantGroupId: group.id, name: group.name }));
}

export async function capabilitiesOf(db: Db, caller: Caller, merchantId: string | undefined): Promise<Capabilities> {
  const may = callableEndpoints(caller);
  const [property, groups] = await Promise.all([merchantId ? propertyCapabilities(db, caller, merchantId, may) : null, addPropertyGroups(db, caller, may)]);
  return { may, addPropertyGroups: groups, property };
}
