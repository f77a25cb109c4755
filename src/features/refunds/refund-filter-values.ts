import { REFUND_APPROVAL_STATUSES, REFUND_AWAITING_APPROVAL, REFUND_STATES, type RefundFilter, type RefundState } from '../../../contract/refunds';

/** The approval filter's choices: the statuses, and first the ones still waiting for approvers together (decision 0344). */
export const AWAITING_APPROVAL = 'AwaitingApproval';
export const REFUND_APPROVAL_CHOICES = [AWAITING_APPROVAL, ...REFUND_APPROVAL_STATUSES] as const;
export type RefundApprovalChoice = (typeof REFUND_APPROVAL_CHOICES)[number];
import { filterAmountToMinor, localDayEnd, localDayStart } from '../../lib/format';

/** The refunds filter as the form holds it (and persisted-store keeps it): strings, amounts in major units. */
export interface RefundFilterValues extends Record<string, unknown> {
  view: 'all' | 'waitingForMe';
  createdFrom: string;
  createdTo: string;
  approvalStatus: RefundApprovalChoice | '';
  state: RefundState | '';
  currency: string;
  amountMin: string;
  amountMax: string;
  requester: string;
  merchantId: string;
  merchantName: string;
}

export const EMPTY_REFUND_FILTERS: RefundFilterValues = {
  view: 'all',
  createdFrom: '',
  createdTo: '',
  approvalStatus: '',
  state: '',
  currency: '',
  amountMin: '',
  amountMax: '',
  requester: '',
  merchantId: '',
  merchantName: '',
};

/**
 * The contract's filter for the search and the export (the same for both). Amounts are read in the
 * chosen currency's minor digits (JPY 0, KWD 3), two without a currency.
 */
export function toRefundFilter(values: RefundFilterValues): RefundFilter {
  const filter: RefundFilter = {};
  if (values.view === 'waitingForMe') filter.waitingForMe = true;
  if (values.createdFrom) filter.createdFrom = localDayStart(values.createdFrom);
  if (values.createdTo) filter.createdTo = localDayEnd(values.createdTo);
  if (values.approvalStatus) filter.approvalStatuses = values.approvalStatus === AWAITING_APPROVAL ? [...REFUND_AWAITING_APPROVAL] : [values.approvalStatus];
  if (values.state) filter.states = [values.state];
  const currency = values.currency.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(currency)) filter.currency = currency;
  const amountMin = filterAmountToMinor(values.amountMin, currency);
  const amountMax = filterAmountToMinor(values.amountMax, currency);
  if (amountMin !== undefined) filter.amountMin = amountMin;
  if (amountMax !== undefined) filter.amountMax = amountMax;
  if (values.requester.trim()) filter.requester = values.requester.trim();
  if (values.merchantId) filter.merchantIds = [values.merchantId];
  return filter;
}

/**
 * Spec 2 "/refund-management (optional query parameter status)": an approval status (what people
 * act on; `AwaitingApproval` for Pending and PartiallyApproved together) or, failing that, a refund
 * state; anything else is ignored.
 */
export function filtersFromStatusParam(status: string | null, base: RefundFilterValues): RefundFilterValues | undefined {
  if (!status) return undefined;
  if ((REFUND_APPROVAL_CHOICES as readonly string[]).includes(status)) return { ...base, approvalStatus: status as RefundApprovalChoice, state: '' };
  if ((REFUND_STATES as readonly string[]).includes(status)) return { ...base, state: status as RefundState, approvalStatus: '' };
  return undefined;
}
