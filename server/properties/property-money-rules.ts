import { FINISHES_PAYMENTS, TAKES_MONEY, type PropertyBlock } from '../../contract/capabilities';
import { paymentEndpoints, type OrderPaymentAction } from '../../contract/transaction-payments';
import { paymentLinkEndpoints } from '../../contract/payment-links';
import { PROPERTY_INACTIVE_DETAIL, PROPERTY_NOT_ACTIVE_DETAIL, type PropertyStatus } from '../../contract/properties';
import { refundEndpoints } from '../../contract/refunds';
import { problems } from '../http/problem';

// Which money calls a property's status leaves open (decision 0410): the order and payment-link
// handlers refuse by these rules, and the capabilities answer shows the same rules to the SPA.

/** Calls that take new money from a guest: only a property in TAKES_MONEY. */
const NEW_MONEY: readonly string[] = [paymentLinkEndpoints.createPaymentLink.id, paymentLinkEndpoints.resendPaymentLink.id, paymentEndpoints.authorizeOrder.id];
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
  throw status === 'Inactive'
    ? problems.conflict(PROPERTY_INACTIVE_DETAIL).withCode('property.inactive')
    : problems.conflict(PROPERTY_NOT_ACTIVE_DETAIL).withCode('property.notActive');
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
