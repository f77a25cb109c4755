import type { OrderFilter, OrderStatus } from '../../../contract/transactions';
import { filterAmountToMinor, localDayEnd, localDayStart } from '../../lib/format';

/** The transactions filter as the form holds it (and persisted-store keeps it): strings, amounts in major units. */
export interface TransactionFilterValues extends Record<string, unknown> {
  createdFrom: string;
  createdTo: string;
  status: OrderStatus | '';
  paymentType: 'PN' | 'PL' | 'AU' | '';
  amountMin: string;
  amountMax: string;
  referenceNo: string;
  guest: string;
  currency: string;
  /** Set by "only this property" on a row; the name is kept to show the chip. */
  merchantId: string;
  merchantName: string;
}

export const EMPTY_TRANSACTION_FILTERS: TransactionFilterValues = {
  createdFrom: '',
  createdTo: '',
  status: '',
  paymentType: '',
  amountMin: '',
  amountMax: '',
  referenceNo: '',
  guest: '',
  currency: '',
  merchantId: '',
  merchantName: '',
};

/** The contract's OrderFilter for the search and the export (both get exactly the same filter). */
export function toOrderFilter(values: TransactionFilterValues): OrderFilter {
  const filter: OrderFilter = {};
  const text = (value: string) => value.trim() || undefined;
  if (values.createdFrom) filter.createdFrom = localDayStart(values.createdFrom);
  if (values.createdTo) filter.createdTo = localDayEnd(values.createdTo);
  if (values.status) filter.statuses = [values.status];
  if (values.paymentType) filter.paymentTypes = [values.paymentType];
  // Amounts in the currency filter's minor units; anything that is not an amount is ignored.
  const amountMin = filterAmountToMinor(values.amountMin, values.currency);
  const amountMax = filterAmountToMinor(values.amountMax, values.currency);
  if (amountMin !== undefined) filter.amountMin = amountMin;
  if (amountMax !== undefined) filter.amountMax = amountMax;
  if (text(values.referenceNo)) filter.referenceNo = text(values.referenceNo);
  if (text(values.guest)) filter.guest = text(values.guest);
  if (/^[A-Za-z]{3}$/.test(values.currency.trim())) filter.currency = values.currency.trim().toUpperCase();
  if (values.merchantId) filter.merchantIds = [values.merchantId];
  return filter;
}
