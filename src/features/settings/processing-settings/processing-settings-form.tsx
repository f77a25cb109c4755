import { PAYMENT_SCHEMES, WEEKDAYS } from '../../../../contract/settings/processing';
import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'schemes', control: 'checkboxes', options: PAYMENT_SCHEMES, optionSet: 'schemes' },
  { name: 'forceAuthorization', control: 'boolean' },
  { name: 'userAuthentication', control: 'boolean' },
  { name: 'paymentTime', control: 'time' },
  { name: 'paymentDays', control: 'checkboxes', options: WEEKDAYS, optionSet: 'weekdays' },
  { name: 'linkExpiryHours', control: 'number' },
  { name: 'cardholderNameRequired', control: 'boolean' },
  { name: 'guestEmailDomains', control: 'list' },
];

/** Processing settings: the 15 card and payment schemes of spec 3 and how payments are taken. */
export function ProcessingSettingsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="processing" fields={FIELDS} />;
}
