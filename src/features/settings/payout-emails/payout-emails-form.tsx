import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'to', control: 'list' },
  { name: 'cc', control: 'list' },
  { name: 'bcc', control: 'list' },
];

/** Payout e-mails: to, cc and bcc lists (spec 7 payout-email-config). */
export function PayoutEmailsForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="payout-emails" fields={FIELDS} />;
}
