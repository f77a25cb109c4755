import type { FieldSpec } from '../field-spec';
import { SettingsKindForm } from '../settings-kind-form';
import type { SettingsFormProps } from '../settings-form-props';

const FIELDS: readonly FieldSpec[] = [
  { name: 'acceptedCurrencies', control: 'list', upperCase: true },
  { name: 'settlementCurrency', control: 'text' },
];

/** Currency rules: accepted and settlement currencies (spec 2 currency-rules). */
export function CurrencyRulesForm(props: SettingsFormProps) {
  return <SettingsKindForm {...props} kind="currency-rules" fields={FIELDS} />;
}
