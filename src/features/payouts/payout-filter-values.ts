import type { PayoutFilter, PayoutStatus } from '../../../contract/payouts';
import type { PayoutSchedule } from '../../../contract/settings/payout';
import { filterAmountToMinor, localDayEnd, localDayStart } from '../../lib/format';

/** The payouts filter as the form holds it (and persisted-store keeps it): strings, amounts in major units. */
export interface PayoutFilterValues extends Record<string, unknown> {
  createdFrom: string;
  createdTo: string;
  status: PayoutStatus | '';
  schedule: PayoutSchedule | '';
  amountMin: string;
  amountMax: string;
  currency: string;
  reference: string;
  merchantId: string;
  merchantName: string;
}

export const EMPTY_PAYOUT_FILTERS: PayoutFilterValues = {
  createdFrom: '',
  createdTo: '',
  status: '',
  schedule: '',
  amountMin: '',
  amountMax: '',
  currency: '',
  reference: '',
  merchantId: '',
  merchantName: '',
};

/** The contract's PayoutFilter for the search and the export (the same filter for both). */
export function toPayoutFilter(values: PayoutFilterValues): PayoutFilter {
  const filter: PayoutFilter = {};
  if (values.createdFrom) filter.createdFrom = localDayStart(values.createdFrom);
  if (values.createdTo) filter.createdTo = localDayEnd(values.createdTo);
  if (values.status) filter.statuses = [values.status];
  if (values.schedule) filter.schedules = [values.schedule];
  const amountMin = filterAmountToMinor(values.amountMin, values.currency);
  const amountMax = filterAmountToMinor(values.amountMax, values.currency);
  if (amountMin !== undefined) filter.amountMin = amountMin;
  if (amountMax !== undefined) filter.amountMax = amountMax;
  if (/^[A-Za-z]{3}$/.test(values.currency.trim())) filter.currency = values.currency.trim().toUpperCase();
  if (values.reference.trim()) filter.reference = values.reference.trim();
  if (values.merchantId) filter.merchantIds = [values.merchantId];
  return filter;
}
