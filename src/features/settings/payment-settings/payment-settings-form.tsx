import { DEPOSIT_BASES } from '../../../../contract/payment-links';
import { CHARGE_CATEGORIES, PAYMENT_TYPES } from '../../../../contract/settings/payment';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'paymentTypes', control: 'checkboxes', options: PAYMENT_TYPES, optionSet: 'paymentTypes' },
  { name: 'chargeCategories', control: 'checkboxes', options: CHARGE_CATEGORIES, optionSet: 'chargeCategories' },
  { name: 'depositBasis', control: 'select', options: DEPOSIT_BASES, optionSet: 'depositBases' },
  { name: 'depositPercentage', control: 'number' },
];

/** Payment settings: payment types, charge categories and deposit (spec 2 payment-settings). */
export function PaymentSettingsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="payment" fields={FIELDS} />;
}
