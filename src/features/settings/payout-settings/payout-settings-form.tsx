import { ACCOUNT_TYPES, PAYOUT_SCHEDULES } from '../../../../contract/settings/payout';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'schedule', control: 'select', options: PAYOUT_SCHEDULES, optionSet: 'payoutSchedules' },
  { name: 'accountHolder', control: 'text' },
  { name: 'accountNumber', control: 'text' },
  { name: 'accountType', control: 'select', options: ACCOUNT_TYPES, optionSet: 'accountTypes' },
  { name: 'currency', control: 'text' },
  { name: 'minimumPayoutMinor', control: 'money', currencyField: 'currency' },
];

/** Payout settings: schedule, account and minimum payout (spec 3 payout schedule and account types). */
export function PayoutSettingsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="payout" fields={FIELDS} />;
}
